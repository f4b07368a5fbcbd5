// A guest's own cells: after paying on the sandbox, the guest's browser (known by its visitor
// cookie) sees the paid hours as «Ваша бронь», another browser sees them only as taken, and both
// follow other people's holds live without the guest's hours turning into somebody else's.
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutAsGuest, pickHours } from './booking-flow';
import { newPage, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { testClock } from '@studio/platform/testing';

describe("a guest's own cells in the calendar", () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  const date = testClock.day(4);

  async function open(): Promise<TestPage & { slotAnswers: string[] }> {
    const tab = await newPage(site.browser);
    pages.push(tab);
    const slotAnswers: string[] = [];
    tab.page.on('response', (response) => {
      if (response.url().includes('/calendar/slots')) void response.text().then((body) => slotAnswers.push(body), () => undefined);
    });
    return { ...tab, slotAnswers };
  }

  async function openCalendar(tab: TestPage) {
    await tab.page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await tab.page.waitForSelector(READY);
  }

  const stateOf = (tab: TestPage, time: string) => cell(tab.page, date, time).getAttribute('data-state');

  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  it('shows the paid hours as «Ваша бронь» to the guest who paid and as taken to anybody else, through live updates', async () => {
    const guest = await open();
    await pickHours(guest.page, site.stack.baseUrl, date, ['12:00', '13:00']);
    await checkoutAsGuest(guest.page, site.stack.baseUrl, { name: 'Вера Гостева', phoneDigits: '9995554433', email: 'vera@example.ru' });
    const checkout = new URL(guest.page.url()).origin;
    await guest.page.getByRole('button', { name: 'Оплатить' }).click();
    await guest.page.waitForURL(`${site.stack.baseUrl}/payment/success?intent=**`, { timeout: 20_000 });
    await expect.poll(() => guest.page.getByTestId('payment-status').textContent(), { timeout: 30_000 }).toBe('Оплачено');
    const [visitor] = (await guest.context.cookies(site.stack.baseUrl)).filter((cookie) => cookie.name === 'visitor');
    expect(visitor).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await openCalendar(guest);
    for (const time of ['12:00', '13:00']) {
      await expect.poll(() => stateOf(guest, time)).toBe('user-booked');
      expect(await cell(guest.page, date, time).innerText()).toBe('Ваша бронь');
    }

    const stranger = await open();
    await openCalendar(stranger);
    for (const time of ['12:00', '13:00']) {
      await expect.poll(() => stateOf(stranger, time)).toBe('booked');
      expect(await cell(stranger.page, date, time).innerText()).toBe('Занято');
    }

    // Somebody else holds 16:00: the push refetches both calendars, the guest's with its cookie.
    const held = await fetch(`${site.stack.baseUrl}/api/holds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ studio: 'pochta', date, cells: ['16:00', '16:30'] }),
    });
    expect(held.status).toBe(201);
    const { holdId } = (await held.json()) as { holdId: string };
    for (const tab of [guest, stranger]) await expect.poll(() => stateOf(tab, '16:00')).toBe('booked');
    for (const time of ['12:00', '13:00']) expect(await stateOf(guest, time)).toBe('user-booked');
    for (const [tab, file] of [[guest, '/tmp/own-cells.png'], [stranger, '/tmp/own-cells-other.png']] as const) {
      await cell(tab.page, date, '16:00').scrollIntoViewIfNeeded();
      await tab.page.locator(READY).screenshot({ path: file });
    }

    // The hold is given back: both calendars free the hour at once, the guest's hours stay its own.
    // By its holder: the visitor cookie its hold was given.
    const cookie = held.headers.getSetCookie().find((c) => c.startsWith('visitor='))!.split(';')[0]!;
    const released = await fetch(`${site.stack.baseUrl}/api/holds/${holdId}?studio=pochta&date=${date}`, { method: 'DELETE', headers: { cookie } });
    expect(released.status).toBe(200);
    for (const tab of [guest, stranger]) await expect.poll(() => stateOf(tab, '16:00')).toBe('available');
    for (const time of ['12:00', '13:00']) expect(await stateOf(guest, time)).toBe('user-booked');

    expect(stranger.slotAnswers.length).toBeGreaterThan(0);
    expect(stranger.slotAnswers.join('')).not.toMatch(/mine|userId|customerPhone|9995554433/);
    expect(guest.slotAnswers.join('')).not.toMatch(/userId|customerPhone|9995554433/);
    // The sandbox's checkout page (not ours) has no favicon.
    expect(guest.errors.filter((error) => !error.includes(checkout))).toEqual([]);
    expect(stranger.errors).toEqual([]);
  });
});
