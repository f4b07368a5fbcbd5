// Notifications in the browser (issue 24, docs/notifications.md): the demo super administrator opens
// «Уведомления», copies pochta's calendar feed URL with its button (the clipboard then holds a URL a
// calendar service reads without a session) and sets the staff Telegram chat; a customer opens a
// confirmed booking in the cabinet and «Добавить в календарь» downloads it as an .ics file; the
// workers' alerts of those bookings show on /dev/outbox under «Telegram».
// Screenshots at 1280 and 390 px in e2e/screenshots/notifications/.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import ical, { type VEvent } from 'node-ical';
import { afterAll, describe, expect, it } from 'vitest';
import { authAnswerSchema, bookingAggregate, bookingStream, type BookingEvent } from '@studio/domain';
import { testClock } from '@studio/platform/testing';
import { freshPhone, registerThroughPage } from './account-flow';
import { ADMIN_WAIT as WAIT, logInAsAdmin } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { given } from './kit';

const SHOTS = `${SCREENSHOTS}/notifications`;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('notifications in the browser', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });
  const open = async (viewport: { width: number; height: number }) => {
    const tab = await newPage(site.browser, viewport);
    tabs.push(tab);
    return tab;
  };

  it('copies a studio\'s calendar feed URL with its button, and sets the staff Telegram chat', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, context, errors } = await open(DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.stack.baseUrl });
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('tab', { name: 'Уведомления' }).click();
    const pochta = page.getByTestId('notifications-pochta');
    const feedField = pochta.getByLabel('Календарь для сотрудников');
    await expect.poll(() => feedField.inputValue(), WAIT).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    await pochta.getByRole('button', { name: 'Копировать' }).click();
    await pochta.getByText('Адрес скопирован').waitFor(WAIT);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await feedField.inputValue());
    // What was copied is a feed a calendar service reads with no session at all.
    const feed = await fetch(copied);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    const chat = pochta.getByLabel('Чат сотрудников в Telegram');
    await chat.fill('не чат');
    await pochta.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('list-outcome').getByText(/^Не удалось сохранить чат: chatId: укажите числовой id чата или @имя канала$/).waitFor(WAIT);
    await chat.fill('-1001234567890');
    await pochta.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('list-outcome').getByText('Почта: Чат сохранён').waitFor(WAIT);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/admin-notifications-1280.png`, fullPage: true });

    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/admin-notifications-390.png`, fullPage: true });
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`offers «Добавить в календарь» for a confirmed booking in the cabinet, which downloads it as .ics (${viewport.width} px)`, async () => {
      const { page, errors } = await open(viewport);
      await page.goto(`${site.stack.baseUrl}/register`);
      await registerThroughPage(page, site.stack.baseUrl, freshPhone());
      const me = authAnswerSchema.parse(await (await page.request.get(`${site.stack.baseUrl}/api/auth/me`)).json());
      const bookingId = randomUUID();
      const date = testClock.day(12);
      const events: BookingEvent[] = [
        {
          type: 'BookingPlaced',
          data: {
            bookingId,
            intentId: randomUUID(),
            studio: 'pochta',
            customer: { name: 'Анна Иванова', phone: '79990001122', email: 'anna@example.ru', comment: '', userId: me.user.id },
            blocks: [{ date, cells: ['12:00', '12:30'], holdId: randomUUID() }],
            format: { kind: 'self', peopleCount: 2 },
            services: [],
            price: { lines: [], total: 400_000 },
            prepayPercent: 100,
          },
        },
        { type: 'BookingConfirmed', data: { bookingId, paymentId: randomUUID(), paid: 400_000 } },
      ];
      await site.stack.caughtUp(await given(site.stack.store, bookingAggregate, bookingStream(bookingId), events));
      await page.reload();
      await page.getByTestId('booking-card').first().click();
      const dialog = page.getByTestId('booking-dialog');
      const link = dialog.getByRole('link', { name: 'Добавить в календарь' });
      await link.waitFor(WAIT);
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/cabinet-add-to-calendar-${viewport.width}.png`, fullPage: false });
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), link.click()]);
      expect(download.suggestedFilename()).toBe('booking.ics');
      const vevents = Object.values(ical.sync.parseICS(readFileSync((await download.path())!, 'utf8'))).filter((component): component is VEvent => component?.type === 'VEVENT');
      expect(vevents.map((event) => [event.uid, event.summary, event.status])).toEqual([[`${bookingId}@studio-booking`, 'Фотостудия «Почта»', 'CONFIRMED']]);
      expect(errors).toEqual([]);
    });
  }

  it('shows the staff alerts of those bookings on the development outbox page, under «Telegram»', async () => {
    const { page, errors } = await open(DESKTOP);
    await page.goto(`${site.stack.baseUrl}/dev/outbox`);
    await page.getByLabel('Канал').selectOption('telegram');
    await page.getByRole('button', { name: 'Показать' }).click();
    const alerts = page.getByTestId('outbox-message').filter({ hasText: 'Новое бронирование' });
    // The two cabinet bookings above were pochta's, whose chat the first test set.
    await expect.poll(() => alerts.count(), WAIT).toBe(2);
    expect(await alerts.first().innerText()).toMatch(/Telegram[\s\S]*-1001234567890[\s\S]*Студия «Почта», \d\d\.\d\d\.\d{4} 12:00–13:00[\s\S]*Клиент: Анна Иванова, \+79990001122/);
    expect(await page.getByTestId('outbox-message').filter({ hasNotText: 'Telegram' }).count()).toBe(0);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/dev-outbox-telegram-1280.png`, fullPage: false });
    expect(errors).toEqual([]);
  });
});
