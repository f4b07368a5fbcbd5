// Photographers' time in the browser (issue 22, docs/photographers.md): step 2 offers only the
// photographers free for the whole selection, re-reading who is when a push says a photographer's
// hours changed, and says «Свободных фотографов на это время нет» when none is; the photographers
// tab's day view shows who is where, and its schedule editor saves a photographer's working week.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTOGRAPHERS_STREAM, photographersAggregate, type PhotographerDayRow, type Studio } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { logInAsAdmin, ADMIN_WAIT as WAIT } from './admin-flow';
import { pickHours, settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { testClock } from '@studio/platform/testing';
import { checkoutAtServerPrice, guestIntentBody } from './kit';

describe('photographers on the booking page and in the back-office', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });
  const open = async (width: number) => {
    const tab = await newPage(site.browser, { width, height: 900 });
    tabs.push(tab);
    return tab;
  };
  const photographers = async () => {
    const { state } = await createCommandHandler(site.stack.store).read(photographersAggregate, PHOTOGRAPHERS_STREAM);
    return Object.entries(state.photographers).map(([id, p]) => ({ id, name: p.name }));
  };
  /** A guest's checkout at `studio` with the photographer at 12:00–14:00: their hours are held. */
  const busy = (id: string, date: string, phone: string, studio: Studio = 'kirova') =>
    checkoutAtServerPrice(site.stack.commandUrl, {
      ...guestIntentBody(date, ['12:00-13:00', '13:00-14:00'], 0),
      studio,
      format: { format: 'with_photographer', photographer_id: id },
      contact: { name: 'Борис', phone, email: 'b@example.ru', comment: '' },
    });
  const offered = (tab: TestPage) => tab.page.locator('#photographer option').allInnerTexts();

  it('step 2 offers only the free photographers, and says so when none is free', async () => {
    const date = testClock.day(5);
    const all = await photographers();
    const [first, ...others] = all as [{ id: string; name: string }, ...{ id: string; name: string }[]];
    await busy(first.id, date, '+7 (913) 000-00-01');

    for (const width of [1280, 390]) {
      const tab = await open(width);
      await pickHours(tab.page, site.stack.baseUrl, date, ['12:00', '13:00']);
      await tab.page.getByText('С фотографом', { exact: true }).click();
      await expect.poll(async () => (await offered(tab)).length, WAIT).toBe(others.length);
      const names = await offered(tab);
      expect(names.some((text) => text.startsWith(first.name))).toBe(false);
      for (const other of others) expect(names.some((text) => text.startsWith(other.name))).toBe(true);
      await settled(tab.page);
      await tab.page.screenshot({ path: path.join(SCREENSHOTS, `photographers-step2-${width}.png`), fullPage: true });
      expect(tab.errors).toEqual([]);
    }

    // The others get booked in the other halls while the page is open: the push makes it read again.
    const [desktop] = tabs as [TestPage];
    const halls: Studio[] = ['masterskaya', 'pochta'];
    for (const [i, other] of others.entries()) await busy(other.id, date, `+7 (913) 000-00-1${i}`, halls[i]);
    await desktop.page.getByTestId('no-free-photographers').waitFor(WAIT);
    expect(await desktop.page.getByTestId('no-free-photographers').innerText()).toBe('Свободных фотографов на это время нет');
    await desktop.page.screenshot({ path: path.join(SCREENSHOTS, 'photographers-none-free-1280.png'), fullPage: true });
    expect(desktop.errors).toEqual([]);
  });

  it('the day view shows who is where, and the schedule editor saves a working week with a day off', async () => {
    const date = testClock.day(6);
    // Each width adds its own day off: the second finds the first one's saved.
    const daysOff = { 1280: date, 390: testClock.day(9) } as const;
    const [first] = (await photographers()) as [{ id: string; name: string }];
    await busy(first.id, date, '+7 (913) 000-00-21');
    for (const width of [1280, 390] as const) {
      const tab = await open(width);
      const { page } = tab;
      await logInAsAdmin(page, site.stack.baseUrl);
      await page.getByRole('tab', { name: 'Фотографы' }).click();
      const view = page.getByRole('region', { name: 'Занятость фотографов' });
      await view.getByLabel('Дата').fill(date);
      const row = view.getByTestId('photographer-day').filter({ hasText: first.name });
      await expect.poll(() => row.locator('.aphoto-day__cell--kirova').count(), WAIT).toBe(4);
      await view.getByRole('list', { name: 'Брони фотографов' }).getByText(`${first.name}: Кирова, 12:00–14:00`).waitFor(WAIT);

      await row.getByRole('button', { name: 'График' }).click();
      const editor = page.getByRole('form', { name: `График: ${first.name}` });
      await editor.waitFor(WAIT);
      const sunday = editor.getByTestId('schedule-day').filter({ hasText: 'Воскресенье' });
      await sunday.getByRole('checkbox').uncheck();
      await editor.getByLabel('Понедельник: до').selectOption('18:00');
      await editor.getByLabel('Выходной день').fill(daysOff[width]);
      await editor.getByRole('button', { name: 'Добавить выходной' }).click();
      await editor.getByRole('list', { name: 'Выходные дни' }).getByText(daysOff[width].split('-').reverse().join('.')).waitFor();
      await settled(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `photographers-schedule-${width}.png`), fullPage: true });
      await editor.getByRole('button', { name: 'Сохранить график' }).click();
      await page.getByRole('status').getByText(`График фотографа «${first.name}» сохранён`).waitFor(WAIT);
      // The day is now the photographer's day off: the view says so.
      await expect.poll(() => row.locator('.aphoto-day__hours').innerText(), WAIT).toBe('Выходной');
      await page.screenshot({ path: path.join(SCREENSHOTS, `photographers-day-${width}.png`), fullPage: true });
      expect(tab.errors).toEqual([]);
    }
    const res = await site.stack.query(`/api/admin/photographers/day?date=${date}`, { cookie: await adminCookie() });
    const saved = (res.body.data as PhotographerDayRow[]).find((p) => p.id === first.id)!;
    expect(saved.schedule?.weekly[6]).toBeNull();
    expect(saved.schedule?.weekly[0]).toEqual({ start: '10:00', end: '18:00' });
    expect(saved.schedule?.daysOff).toEqual([daysOff[1280], daysOff[390]]);
  });

  const adminCookie = async () => {
    const tab = tabs.at(-1)!;
    return (await tab.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  };
});
