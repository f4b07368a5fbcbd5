// The waitlist in the browser (issue 25, docs/waitlist.md): a signed-in customer clicks a taken
// cell and joins its line with «Сообщить, если освободится»; when staff free the range the offer's
// SMS carries a link to the booking page, which books the offer's cells through its hold.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { studioDayAggregate, studioDayStream } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { freshPhone, registerThroughPage } from './account-flow';
import { ADMIN_WAIT, logInAsAdmin } from './admin-flow';
import { settled, toContacts } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { sentMessages } from './kit';

const SHOTS = `${SCREENSHOTS}/waitlist`;
const PHONE_VIEWPORT = { width: 390, height: 844 };

describe('the waitlist in the browser', () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  const date = testClock.day(5);
  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  /**
   * The whole page at its natural scroll (top): the viewport is made as tall as the page, since a
   * full-page shot leaves the grid's off-screen cells unpainted and draws the sticky bar mid-page.
   */
  const calendarShot = async (page: Page, name: string) => {
    const viewport = page.viewportSize()!;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize({ width: viewport.width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
    await page.setViewportSize(viewport);
  };
  const shot = async (page: Page, name: string) => {
    // From the top: a full-page shot of a scrolled page draws the sticky studio bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('joins from a taken cell of the calendar, and books the offer from its link', async () => {
    const commands = createCommandHandler(site.stack.store);
    const bookingId = randomUUID();
    const day = { studio: 'pochta' as const, date };
    await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { ...day, cells: ['14:00', '14:30'], bookingId, occupant: { phone: '79990000000' } } }, { actor: 'staff:test' });

    const tab = await newPage(site.browser);
    pages.push(tab);
    const { page } = tab;
    const phone = freshPhone();
    await page.goto(`${site.stack.baseUrl}/register`);
    await registerThroughPage(page, site.stack.baseUrl, phone);

    await page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await page.waitForSelector(READY);
    await settled(page);
    const taken = cell(page, date, '14:00');
    expect(await taken.getAttribute('data-state')).toBe('booked');
    expect(await taken.getAttribute('title')).toBe('Сообщить, если освободится');
    await taken.click();
    const prompt = page.getByTestId('waitlist-prompt');
    await prompt.getByRole('button', { name: 'Сообщить, если освободится' }).click();
    await expect.poll(() => prompt.textContent()).toContain('вы в листе ожидания');
    await calendarShot(page, 'calendar-joined-desktop');
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.reload();
    await page.waitForSelector(READY);
    await cell(page, date, '14:00').scrollIntoViewIfNeeded();
    await cell(page, date, '14:00').click();
    await page.getByTestId('waitlist-prompt').waitFor();
    await calendarShot(page, 'calendar-prompt-390');

    // Staff free the range: the first in line is offered it, by SMS with the booking page's link.
    await commands.handle(studioDayAggregate, { type: 'ReleaseBooking', data: { ...day, bookingId, reason: 'cancelled' } }, { actor: 'staff:test' });
    const sms = await eventually(async () => (await sentMessages(site.stack.pool, { channel: 'sms', to: `+7${phone}` })).find((m) => m.body.startsWith('Лист ожидания')), 30_000);
    const link = new URL(/https?:\/\/\S+/.exec(sms.body)![0]);
    expect(link.pathname).toBe('/pochta/booking');

    await page.goto(`${site.stack.baseUrl}/dashboard`);
    const entry = page.getByTestId('waitlist-entry');
    await expect.poll(() => entry.textContent(), { timeout: 20_000 }).toContain('Время предложено вам');
    await shot(page, 'cabinet-offer-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'cabinet-offer-desktop');

    await page.goto(`${site.stack.baseUrl}${link.pathname}${link.search}`);
    await page.getByTestId('waitlist-offer').waitFor();
    await page.getByRole('heading', { name: 'Формат съёмки' }).waitFor();
    expect(await page.getByTestId('waitlist-offer').textContent()).toContain('14:00–15:00');
    await shot(page, 'booking-offer-desktop');
    await page.setViewportSize(PHONE_VIEWPORT);
    await shot(page, 'booking-offer-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await toContacts(page);
    await page.locator('.check', { hasText: 'правилами бронирования' }).click();
    // Our pages logged nothing (the provider's checkout page, next, is not ours).
    expect(tab.errors).toEqual([]);
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await page.waitForURL((url) => !url.href.startsWith(site.stack.baseUrl), { timeout: 20_000 });

    const stream = await site.stack.store.readStream(studioDayStream('pochta', date));
    const handedOver = stream.find((e) => e.type === 'HoldReleased' && (e.data as { reason: string }).reason === 'handed-over');
    expect(handedOver).toBeDefined();
    expect(stream.at(-1)).toMatchObject({ type: 'SlotsHeld', data: { cells: ['14:00', '14:30'] } });
  }, 180_000);

  it('staff see the day\'s waitlist in the back-office, with the customer\'s contacts', async () => {
    const tab = await newPage(site.browser);
    pages.push(tab);
    const { page } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('tab', { name: 'Лист ожидания' }).click();
    const screen = page.getByTestId('admin-waitlist');
    await screen.getByLabel('День').fill(date);
    await expect.poll(() => screen.locator('tbody tr').first().textContent(), ADMIN_WAIT).toContain('Анна Иванова');
    expect(await screen.locator('tbody tr').first().textContent()).toContain('14:00–15:00');
    await shot(page, 'admin-waitlist-desktop');
    await page.setViewportSize(PHONE_VIEWPORT);
    await shot(page, 'admin-waitlist-390');
    expect(tab.errors).toEqual([]);
  }, 60_000);
});
