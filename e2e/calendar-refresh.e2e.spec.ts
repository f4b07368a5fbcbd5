// When the availability calendar fetches again, on Playwright's fake clock so minutes pass in
// milliseconds: the 60 s refresh, the refresh on return to a tab hidden for more than 60 s, and the
// 15 s loading cut-off. The realtime push is covered in calendar-booking.e2e.spec.ts.
import { addDays } from '@studio/domain';
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newPage, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { testClock } from '@studio/platform/testing';

const SLOTS = '/calendar/slots';
const INITIAL_WEEKS = 5;
const REFRESH_MS = 60_000;
const CUT_OFF_MS = 15_000;
/** How long a request the page has already sent may take to show up on the test's side. */
const SETTLE_MS = 1_000;

const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** Runs the page's fake clock (every timer due on the way fires) until it reads `until`. */
async function runClockTo(page: Page, until: number): Promise<void> {
  const left = until - (await pageNow(page));
  if (left > 0) await page.clock.runFor(left);
}

/** Flips the page's visibility the way a browser does when the tab is switched away and back. */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

describe('calendar refresh timing', () => {
  const session = siteSession();
  const tabs: TestPage[] = [];
  const today = testClock.today();
  const day = (n: number) => addDays(today, n);

  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  interface Opened extends TestPage {
    /** startDate of every calendar request the page sent, in order. */
    requests: string[];
    /** The page's (fake) time just before navigation: no timer of the page started earlier. */
    startedAt: number;
  }

  /**
   * A booking page on a fake clock, counting calendar requests. The socket is refused so that no
   * realtime push can refresh the calendar: only the timers under test can.
   */
  async function openOnClock(studio: string, prepare?: (page: Page) => Promise<unknown>): Promise<Opened> {
    const tab = await newPage(session.browser);
    tabs.push(tab);
    const { page } = tab;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    await prepare?.(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(SLOTS)) requests.push(new URL(request.url()).searchParams.get('startDate') ?? '');
    });
    const startedAt = await pageNow(page);
    await page.goto(`${session.stack.baseUrl}/${studio}/booking`);
    return { ...tab, requests, startedAt };
  }

  /** Waits until the calendar shows data and every initial week has been fetched once. */
  async function untilLoaded(tab: Opened): Promise<{ weeks: string[]; loadedAt: number }> {
    await tab.page.waitForSelector(READY);
    await expect.poll(() => tab.requests.length).toBe(INITIAL_WEEKS);
    await tab.page.waitForLoadState('networkidle');
    return { weeks: [...tab.requests].sort(), loadedAt: await pageNow(tab.page) };
  }

  /** The requests sent after the first `from`, once the page has had time to send them. */
  async function requestsAfter(tab: Opened, from: number): Promise<string[]> {
    await tab.page.waitForTimeout(SETTLE_MS);
    return tab.requests.slice(from);
  }

  /** Books a whole hour ("16") through the API, as another visitor would. */
  async function holdHour(studio: string, date: string, hour: string): Promise<void> {
    const { baseUrl } = session.stack;
    const response = await fetch(`${baseUrl}/api/holds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ studio, date, cells: [`${hour}:00`, `${hour}:30`], occupant: { phone: '+7 900 321-00-00' } }),
    });
    expect(response.status).toBe(201);
    // The read side is eventually consistent: wait until the query API itself answers with the hold,
    // so that only the page's refresh decides when the calendar shows it.
    const slotsUrl = `${baseUrl}/api/${studio}${SLOTS}?startDate=${date}&endDate=${date}`;
    await expect
      .poll(async () => {
        const answer = (await (await fetch(slotsUrl)).json()) as { data: Record<string, { slots: Record<string, { available: boolean }> }> };
        return answer.data[date]?.slots[`${hour}:00-${hour}:30`]?.available;
      })
      .toBe(false);
  }

  it('refetches the shown weeks every 60 s, which brings in a booking made meanwhile with the socket down', async () => {
    const tab = await openOnClock('kirova');
    const { page, requests, errors } = tab;
    const { weeks, loadedAt } = await untilLoaded(tab);
    const target = cell(page, day(2), '16:00');
    expect(await target.getAttribute('data-state')).toBe('available');

    await holdHour('kirova', day(2), '16');
    // Every refresh timer started after navigation: just short of 60 s after it, none may have fired.
    await runClockTo(page, tab.startedAt + REFRESH_MS - 500);
    expect(await requestsAfter(tab, INITIAL_WEEKS)).toEqual([]);
    expect(await target.getAttribute('data-state')).toBe('available');

    // Every refresh timer started before the weeks had loaded: just past 60 s after that, all fired.
    await runClockTo(page, loadedAt + REFRESH_MS + 500);
    await expect.poll(() => [...requests.slice(INITIAL_WEEKS)].sort()).toEqual(weeks);
    await expect.poll(() => target.getAttribute('data-state')).toBe('booked');
    expect(errors).toEqual([]);
  });

  it('refetches on return to the tab only after more than 60 s hidden, and not at all while hidden', async () => {
    const tab = await openOnClock('pochta');
    const { page, requests, errors } = tab;
    const { weeks } = await untilLoaded(tab);

    await setVisibility(page, 'hidden');
    await page.clock.runFor(30_000);
    await setVisibility(page, 'visible');
    expect(await requestsAfter(tab, INITIAL_WEEKS)).toEqual([]);

    // Hidden across the minute mark: the periodic refresh skips a hidden tab.
    await setVisibility(page, 'hidden');
    await page.clock.runFor(REFRESH_MS + 1_000);
    expect(await requestsAfter(tab, INITIAL_WEEKS)).toEqual([]);

    // Back in view: every shown week at once, without waiting for the next minute.
    const visibleAt = await pageNow(page);
    await setVisibility(page, 'visible');
    await expect.poll(() => [...requests.slice(INITIAL_WEEKS)].sort(), { timeout: 2_000 }).toEqual(weeks);
    expect((await pageNow(page)) - visibleAt).toBeLessThan(5_000);
    expect(errors).toEqual([]);
  });

  it('stops loading after 15 s without an answer: all slots free and a time-out notice that stays until a retry succeeds', async () => {
    await holdHour('masterskaya', day(4), '12');
    const held: Route[] = [];
    const tab = await openOnClock('masterskaya', (page) =>
      // Never answered: each request stays out until the page gives up on it.
      page.route(`**${SLOTS}**`, (route) => {
        held.push(route);
      }),
    );
    const { page, errors } = tab;
    const loading = page.locator('.cal-loading');
    const alert = page.getByRole('alert');
    const timeOut = 'Ошибка загрузки календаря: Превышено время ожидания. Работаем в офлайн-режиме.';
    const taken = cell(page, day(4), '12:00');
    try {
      await loading.waitFor();
      const shownAt = await pageNow(page);
      // The cut-off timer starts after navigation and before the spinner shows.
      await runClockTo(page, tab.startedAt + CUT_OFF_MS - 500);
      expect(await loading.isVisible()).toBe(true);
      await runClockTo(page, shownAt + CUT_OFF_MS + 200);

      await page.waitForSelector(READY, { timeout: 2_000 });
      expect(await alert.innerText()).toContain(timeOut);
      // The offline fallback: every future slot is free, the one taken too.
      const states = await page.locator(`[data-date="${day(3)}"] .cal-cell`).evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state')));
      expect(states.length).toBeGreaterThan(0);
      expect(new Set(states)).toEqual(new Set(['available']));
      expect(await taken.getAttribute('data-state')).toBe('available');

      // Each request gives up after 10 s and is retried once; the rest of the window is asked for only
      // once the first weeks are no longer pending. Nothing changed for the visitor: the notice stays.
      await runClockTo(page, shownAt + 25_000);
      await expect.poll(() => new Set(held.map((r) => new URL(r.request().url()).searchParams.get('startDate'))).size).toBe(INITIAL_WEEKS);
      expect(await alert.innerText()).toContain(timeOut);

      // The server answers again: a retry brings the real calendar and clears the notice.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await alert.getByRole('button', { name: 'Попробовать снова' }).click();
      await expect.poll(() => taken.getAttribute('data-state')).toBe('booked');
      expect(await alert.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
