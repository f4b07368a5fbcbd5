// Step 1 of /{studio}/booking as a new visitor meets it: the choice survives the tabs, a reload and a
// trip away; the lost-time notice is a toast in view; the desktop calendar turns week by week; an
// unreachable calendar says so; 320 px phones; and the active tab with a trailing slash.
import path from 'node:path';
import { addDays } from '@studio/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { cell, cellSelector, READY } from './calendar-grid';
import { testClock } from '@studio/platform/testing';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const SLOTS = '**/calendar/slots**';
const NO_SIGNAL = 'Нет связи: занятость не подтверждена';

describe('booking step 1 for a new visitor', () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  const today = testClock.today();
  const day = (n: number) => addDays(today, n);

  async function hold(studio: string, date: string, cells: string[]) {
    const response = await fetch(`${site.stack.baseUrl}/api/holds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ studio, date, cells, occupant: { phone: '+7 900 321-00-00' } }),
    });
    expect(response.status).toBe(201);
  }

  async function open(viewport = DESKTOP, prepare?: (page: Page) => Promise<unknown>): Promise<TestPage> {
    const tab = await newPage(site.browser, viewport);
    pages.push(tab);
    await prepare?.(tab.page);
    return tab;
  }

  /** Waits for the calendar and for the page-slide entrance, so clicks land where they aim. */
  async function calendarShown(page: Page) {
    await page.waitForSelector(READY);
    await settled(page);
  }

  async function goto(page: Page, pathname: string) {
    await page.goto(site.stack.baseUrl + pathname);
    await calendarShown(page);
  }

  const summary = (page: Page) => page.getByTestId('summary-slot').allInnerTexts();
  const halfMode = (page: Page) => page.locator('.cal-switch input').isChecked();

  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  it('keeps the chosen time and the 30-minute mode across the tabs, a reload and a trip away, per studio', async () => {
    const { page, errors } = await open();
    await goto(page, '/pochta/booking');
    await page.getByText('Выбор по 30 минут').click();
    await cell(page, day(3), '12:00').click();
    await cell(page, day(3), '12:30').click();
    await cell(page, day(4), '15:30').click();
    const chosen = await summary(page);
    expect(chosen).toHaveLength(2);

    await page.getByRole('link', { name: 'Правила' }).click();
    await page.waitForURL('**/pochta/rules');
    await page.getByRole('link', { name: 'Бронирование' }).click();
    await calendarShown(page);
    expect(await summary(page)).toEqual(chosen);
    expect(await halfMode(page)).toBe(true);

    await page.reload();
    await calendarShown(page);
    expect(await summary(page)).toEqual(chosen);
    expect(await halfMode(page)).toBe(true);

    await page.goto('about:blank');
    await page.goBack();
    await calendarShown(page);
    expect(await summary(page)).toEqual(chosen);
    expect(await cell(page, day(4), '15:30').getAttribute('data-state')).toBe('selected');

    // Another studio keeps its own (empty) choice.
    await page.getByRole('link', { name: 'Зал' }).click();
    await goto(page, '/kirova/booking');
    expect(await summary(page)).toEqual([]);
    expect(await halfMode(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('reads back only valid future cells and survives junk in session storage', async () => {
    const { page, errors } = await open(DESKTOP, (p) =>
      p.addInitScript(
        ({ keep, past, late }) => {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', '1');
          sessionStorage.setItem('booking-slots:masterskaya', JSON.stringify({ mode: 'hour', selection: [keep, `${keep.slice(0, 11)}14:30-14:30`, past, late, 42, null] }));
          sessionStorage.setItem('booking-slots:kirova', '{not json');
        },
        { keep: `${day(2)}-14:00-14:30`, past: `${day(-1)}-14:00-14:30`, late: `${day(70)}-14:00-14:30` },
      ),
    );
    await goto(page, '/masterskaya/booking');
    expect(await summary(page)).toEqual([expect.stringContaining('14:00–14:30')]);
    await goto(page, '/kirova/booking');
    expect(await summary(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('tells a visitor who has scrolled that a chosen hour was taken, in a toast in view', async () => {
    const { page, errors } = await open();
    await goto(page, '/kirova/booking');
    await cell(page, day(5), '13:00').click();
    await cell(page, day(5), '18:00').click();
    expect(await summary(page)).toHaveLength(2);
    // Scrolled down to the evening rows: the top of the calendar is out of view.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => document.querySelector('.cal-toolbar')!.getBoundingClientRect().bottom)).toBeLessThan(0);
    await page.waitForTimeout(500);
    await hold('kirova', day(5), ['13:00', '13:30']);
    const [, month, date] = day(5).split('-').map(Number);
    const monthName = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'][month! - 1];
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Выбранное время ${date} ${monthName} 13:00–14:00 только что заняли — выберите другое` });
    // The news comes by a push and a re-read, which can take seconds on a loaded machine; the
    // pointer on the toast then holds it open (sonner pauses its timer) while it is measured.
    await toast.waitFor({ timeout: 20_000 });
    await toast.hover();
    // The toast slides in from just above its place: measure it where it comes to rest.
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
    await expect.poll(async () => (await toast.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    const box = (await toast.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    // The toaster is a polite live region, so screen readers hear the news.
    expect(await page.locator('section[aria-live="polite"]').filter({ has: toast }).count()).toBe(1);
    expect(await summary(page)).toEqual([expect.stringContaining('18:00–19:00')]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-toast.png') });
    await toast.getByRole('button', { name: 'Закрыть уведомление' }).click();
    await expect.poll(() => toast.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('turns the desktop calendar a week at a time with buttons, whole days only, within today … 8 weeks ahead', async () => {
    const { page, errors } = await open();
    await goto(page, '/pochta/booking');
    const previous = page.getByRole('button', { name: 'Предыдущая неделя' });
    const next = page.getByRole('button', { name: 'Следующая неделя' });
    // Days wholly in view, and whether any day is cut by an edge of the scroller.
    const inView = () =>
      page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('.cal-scroll')!;
        const to = scroller.getBoundingClientRect().left + scroller.clientLeft + scroller.clientWidth;
        const from = document.querySelector('.cal-times')!.getBoundingClientRect().right;
        const whole: string[] = [];
        let cut = 0;
        // Sub-pixel column widths leave slivers under a pixel at the edges: not a cut day.
        for (const column of Array.from(document.querySelectorAll<HTMLElement>('.cal-day'))) {
          const { left, right } = column.getBoundingClientRect();
          if (left >= from - 1 && right <= to + 1) whole.push(column.dataset.date!);
          else if (right > from + 1 && left < to - 1) cut++;
        }
        return { whole, cut };
      });
    // Once a smooth scroll has come to rest.
    const settled = async () => {
      let last = -1;
      await expect.poll(async () => {
        const left = await page.locator('.cal-scroll').evaluate((el) => el.scrollLeft);
        const same = left === last;
        last = left;
        return same;
      }, { interval: 250 }).toBe(true);
      return inView();
    };

    expect(await previous.isDisabled()).toBe(true);
    expect(await inView()).toEqual({ whole: Array.from({ length: 7 }, (_, i) => day(i)), cut: 0 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-desktop.png') });

    await next.click();
    expect(await settled()).toEqual({ whole: Array.from({ length: 7 }, (_, i) => day(7 + i)), cut: 0 });
    expect(await previous.isEnabled()).toBe(true);

    // The keyboard reaches the buttons and turns the weeks too.
    await next.focus();
    await page.keyboard.press('Enter');
    expect((await settled()).whole[0]).toBe(day(14));
    await previous.focus();
    await page.keyboard.press('Enter');
    expect((await settled()).whole[0]).toBe(day(7));

    for (let i = 0; i < 12 && (await next.isEnabled()); i++) {
      await next.click();
      await settled();
    }
    const end = await settled();
    expect(await next.isDisabled()).toBe(true);
    expect(end.whole.at(-1)).toBe(day(56));
    expect(end.cut).toBe(0);

    for (let i = 0; i < 12 && (await previous.isEnabled()); i++) {
      await previous.click();
      await settled();
    }
    expect((await settled()).whole[0]).toBe(day(0));
    expect(await previous.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('without a connection says that availability is unconfirmed, and clears the notice once the calendar loads', async () => {
    await hold('pochta', day(6), ['16:00', '16:30']);
    const { page } = await open(DESKTOP, (p) => p.route(SLOTS, (route) => route.abort('internetdisconnected')));
    await goto(page, '/pochta/booking');
    const banner = page.getByRole('status').filter({ hasText: NO_SIGNAL });
    // waitFor is the visibility check: read again at once, the notice can be between two renders
    // while the calendar re-asks on the socket's connect (left as it is, see issue 26's note).
    await banner.waitFor();
    expect(await cell(page, day(6), '16:00').getAttribute('data-state')).toBe('available');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-offline.png') });

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await banner.getByRole('button', { name: 'Попробовать снова' }).click();
    await page.waitForSelector(`${cellSelector(day(6), '16:00')}[data-state="booked"]`, { timeout: 5_000 });
    await expect.poll(() => banner.count()).toBe(0);
  });

  it('fits a 320 px phone: today’s head whole beside a discount badge, nothing wider than the screen, the footer above the bar', async () => {
    const { page, errors } = await open(NARROW, (p) =>
      p.route('**/api/admin/discounts**', (route) =>
        route.fulfill({ json: { success: true, discounts: [{ discount_type: 'days_in_advance', description: '2', discount_value: 15 }] } }),
      ),
    );
    await goto(page, '/pochta/booking');
    await cell(page, day(1), '15:00').click();
    const head = page.locator(`[data-date="${today}"] .cal-day__head`);
    const fit = await head.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const parts = Array.from(el.querySelectorAll<HTMLElement>('span')).filter((s) => s.getClientRects().length > 0 && s.parentElement === el);
      const boxes = parts.map((s) => s.getBoundingClientRect());
      const overlaps = boxes.some((a, i) => boxes.some((b, j) => j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
      return {
        text: (el as HTMLElement).innerText,
        overlaps,
        clipped: parts.some((s) => s.scrollWidth > s.clientWidth + 1),
        inside: boxes.every((b) => b.left >= box.left - 0.5 && b.right <= box.right + 0.5 && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5),
      };
    });
    expect(fit.text).toMatch(/−15%/);
    expect(fit).toMatchObject({ overlaps: false, clipped: false, inside: true });
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wider = Array.from(document.querySelectorAll<HTMLElement>('.studio-frame *, .cal-summary-bar, .cal-summary-bar *')).filter((el) => {
        if (el.closest('.cal-pages__track')) return false; // week pages lie side by side in their scroller
        const { left, right, width: w } = el.getBoundingClientRect();
        return w > 0 && (left < -0.5 || right > width + 0.5);
      });
      return { page: document.documentElement.scrollWidth - width, wider: wider.map((el) => el.className || el.tagName) };
    });
    expect(overflow).toEqual({ page: 0, wider: [] });
    await page.locator('.booking').evaluate((el) => el.scrollIntoView());
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-320.png') });

    // At the bottom of the page the fixed summary bar leaves the footer's last line readable.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    const legal = (await page.locator('.studio-footer__legal').boundingBox())!;
    const bar = (await page.locator('.cal-summary-bar').boundingBox())!;
    expect(legal.y + legal.height).toBeLessThanOrEqual(bar.y + 0.5);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-320-footer.png') });
    expect(errors).toEqual([]);
  });

  it('looks right on a phone (screenshots)', async () => {
    const { page, errors } = await open(PHONE);
    await goto(page, '/pochta/booking');
    await cell(page, day(2), '13:00').click();
    await page.locator('.booking').evaluate((el) => el.scrollIntoView());
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-phone.png') });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'step1-phone-footer.png') });
    expect(errors).toEqual([]);
  });

  it('marks the active tab with a trailing slash too', async () => {
    const { page, errors } = await open();
    const current = () => page.locator('.studio-tabs a[aria-current="page"]').allInnerTexts();
    await goto(page, '/pochta/booking/');
    expect(await current()).toEqual([expect.stringMatching(/бронирование/i)]);
    await page.goto(`${site.stack.baseUrl}/pochta/rules/`);
    await expect.poll(current).toEqual([expect.stringMatching(/правила/i)]);
    await page.goto(`${site.stack.baseUrl}/pochta/`);
    await expect.poll(current).toEqual([expect.stringMatching(/зал/i)]);
    expect(errors).toEqual([]);
  });
});
