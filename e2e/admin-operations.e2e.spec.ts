// The operators' console (issue 11): the demo super administrator opens «Операции», sees every
// projection live, rebuilds the calendar while guests keep checking out through the API, follows
// the progress to the switch with «версии совпали», and afterwards the calendar equals one
// computed afresh from the studio-day ledgers: no booking made during the rebuild is lost.
// Screenshot at 1280 px.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECTION_NAMES } from '@studio/domain';
import { logInAsAdmin, ADMIN_WAIT as WAIT } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { calendarFromLedgers, calendarRows, checkoutAtServerPrice, futureDate, guestIntentBody } from './kit';

const SHOTS = `${SCREENSHOTS}/operations`;

describe('the operations tab', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  it('rebuilds the calendar while guests book, shows the progress and the switch, and loses no booking', async () => {
    const { stack } = site;
    mkdirSync(SHOTS, { recursive: true });
    // A history long enough for the rebuild to take a while: 5 000 staff reservations and releases.
    for (let d = 0; d < 100; d++) {
      const day = { studio: 'masterskaya', date: `2031-${String(1 + Math.floor(d / 28)).padStart(2, '0')}-${String(1 + (d % 28)).padStart(2, '0')}` };
      const events = Array.from({ length: 50 }, (_, i) => {
        const cells = [`${String(10 + (Math.floor(i / 2) % 12)).padStart(2, '0')}:00`];
        const bookingId = `history-${d}-${Math.floor(i / 2)}`;
        return i % 2 === 0
          ? { id: randomUUID(), type: 'SlotsReserved', data: { ...day, cells, bookingId, occupant: {} } }
          : { id: randomUUID(), type: 'BookingReleased', data: { ...day, cells, bookingId, reason: 'deleted' } };
      });
      await stack.store.appendToStream(`studio-day-${day.studio}-${day.date}`, events);
    }
    await stack.caughtUp();

    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, stack.baseUrl);
    await page.getByRole('tab', { name: 'Операции' }).click();
    const rows = page.getByTestId('projection');
    await expect.poll(() => rows.count(), WAIT).toBe(PROJECTION_NAMES.length);
    // The calendar may still be publishing the history's change notices: it catches up within a few seconds.
    await expect.poll(() => rows.getByTestId('state').allInnerTexts(), WAIT).toEqual(Array(PROJECTION_NAMES.length).fill('В работе'));
    expect(await page.getByTestId('oldest-transaction').innerText()).toMatch(/^(Открытых транзакций нет\.|Самая старая открытая транзакция: [\d,]+ с\.)$/);
    const calendar = page.locator('[data-projection="calendar"]');
    const version = Number((await calendar.locator('td').first().innerText()).match(/^v(\d+)/)![1]);

    // Guests check out through the API all the while: each holds an hour at pochta.
    let booking = true;
    const booked: string[] = [];
    let last = '';
    const guests = (async () => {
      // At most 41: futureDate hands out 41 distinct days, and every guest takes 14:00 on its own day.
      for (let i = 0; booking && i < 41; i++) {
        const date = futureDate(20 + i);
        ({ position: last } = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(date, ['14:00-15:00'], 0)));
        booked.push(date);
      }
    })();
    try {
      await expect.poll(() => booked.length, WAIT).toBeGreaterThanOrEqual(3);
      await calendar.getByRole('button', { name: 'Перестроить calendar' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Да, перестроить' }).click();
      await page.getByText('Перестройка «calendar» запущена').waitFor(WAIT);
      const during = booked.length;
      await calendar.getByRole('progressbar', { name: 'Перестройка calendar' }).waitFor(WAIT);
      expect(await calendar.getByTestId('state').innerText()).toBe('Перестраивается');
      await page.screenshot({ path: `${SHOTS}/admin-operations-progress-1280.png`, fullPage: true });
      await calendar.getByText(`Переключено на v${version + 1}: версии совпали`).waitFor({ timeout: 60_000 });
      expect(booked.length).toBeGreaterThan(during);
    } finally {
      booking = false;
      await guests;
    }
    expect(await calendar.getByRole('button', { name: 'Перестроить calendar' }).count()).toBe(1);
    const log = page.getByTestId('operator-action');
    await expect.poll(() => log.count(), WAIT).toBe(2);
    expect(await log.nth(0).innerText()).toMatch(new RegExp(`Система: Перестройка «calendar» завершена: v${version} → v${version + 1}, .* событ\\S+ за [\\d,]+ с; версии совпали, чтение переключено$`));
    expect(await log.nth(1).innerText()).toMatch(/Администратор: Запрошена перестройка «calendar»$|: Запрошена перестройка «calendar»$/);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/admin-operations-1280.png`, fullPage: true });

    // Nothing lost: the rebuilt calendar is the ledgers' own, every guest's hour in it. Waiting for
    // the last checkout's own position: the store shows readers nothing newer than the cluster's
    // oldest open transaction (other suites share the server).
    await stack.caughtUp(last);
    const cells = await calendarRows(stack.pool);
    expect(cells).toEqual(await calendarFromLedgers(stack.store));
    for (const date of booked) expect(cells.filter((cell) => cell.studio === 'pochta' && cell.date === date).map((cell) => cell.cell)).toEqual(['14:00', '14:30']);
    expect(errors).toEqual([]);
    // Five thousand events projected, then rebuilt under a stream of checkouts: minutes, not one, when two browser files share two cores.
  }, 180_000);
});
