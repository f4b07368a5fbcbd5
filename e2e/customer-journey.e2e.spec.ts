// A customer's whole journey (issue 8): registers, books with the 50% prepayment under the profile's
// contacts, pays it on the provider's page, sees «Предоплата 50%» in the cabinet, pays the
// remainder and sees «Оплачено»; cancels that booking (more than three days ahead) and sees the
// refund and the cells free again; a booking two days ahead offers no move and a cancel that keeps
// half the price (pochta's change policy).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPhone, registerThroughPage, openCabinetCard } from './account-flow';
import { pickHours, settled, toContacts } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { testClock } from '@studio/platform/testing';

const DESKTOP = { width: 1280, height: 800 };

describe('a customer’s journey through booking, paying and the cabinet', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  const day = (n: number) => testClock.day(n);
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  /** Step 4 as a signed-in customer, the rules accepted; then the provider's page pays, and the result page shows it paid. */
  async function bookAndPay(page: Page, date: string, times: string[], prepay: boolean): Promise<void> {
    await pickHours(page, site.stack.baseUrl, date, times);
    await toContacts(page);
    // The form remembers the last booking's choices: set each box rather than toggle it.
    await page.getByLabel(/Предоплата 50%/).setChecked(prepay);
    await page.getByLabel(/правилами бронирования/).check();
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await payOnProvider(page);
  }

  async function payOnProvider(page: Page): Promise<void> {
    await page.waitForURL((url) => !url.href.startsWith(site.stack.baseUrl), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/payment/success?intent=**`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 30_000 }).toBe('Оплачено');
  }

  /** The cabinet's card of the booking at `time` on a date written as the cards write it, opened; reloads until it shows `text`. */
  const openCard = (page: Page, time: string, text: string) => openCabinetCard(page, site.stack.baseUrl, time, text);

  it('books with the 50% prepayment, pays the rest from the cabinet, cancels with the money back, and two days ahead may only cancel with half kept', async () => {
    const tab = await newPage(site.browser, DESKTOP);
    tabs.push(tab);
    const { page, errors } = tab;
    const phone = freshPhone();
    await page.goto(`${site.stack.baseUrl}/register`);
    await registerThroughPage(page, site.stack.baseUrl, phone);

    // The contacts are the profile's; half of the total is paid now.
    await pickHours(page, site.stack.baseUrl, day(10), ['12:00', '13:00']);
    await toContacts(page);
    const contacts = page.getByRole('group', { name: 'Контакты из профиля' });
    await expect.poll(() => contacts.innerText()).toContain(`Анна Иванова, +7 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6, 8)}-${phone.slice(8)}, anna@example.ru`);
    expect(await page.locator('#name').count()).toBe(0);
    const total = await page.getByTestId('price-total').innerText();
    await page.getByLabel(/Предоплата 50%/).check();
    expect(await page.getByTestId('pay-now').innerText()).toContain(`из ${total}`);
    await page.getByLabel(/правилами бронирования/).check();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-customer-prepay.png'), fullPage: true });
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await payOnProvider(page);
    expect(await page.getByTestId('payment-paid').innerText()).toContain('50%');

    // The cabinet: «Предоплата 50%», then the remainder paid on the provider's page.
    let dialog = await openCard(page, '12:00–14:00', 'Предоплата 50%');
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'cabinet-prepaid-desktop.png') });
    await dialog.getByRole('button', { name: /^Доплатить/ }).click();
    await payOnProvider(page);
    dialog = await openCard(page, '12:00–14:00', 'Оплачено');
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await dialog.getByRole('button', { name: /^Доплатить/ }).count()).toBe(0);

    // Cancelled ten days ahead: the money comes back and the cells are free for anyone.
    await dialog.getByRole('button', { name: 'Отменить' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Да, отменить' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Бронирование отменено' }).waitFor();
    await dialog.getByText(/^Возвращено \d/).waitFor({ timeout: 40_000 });
    expect(await dialog.getByText(`Возвращено ${total}`).count()).toBe(1);
    await page.keyboard.press('Escape');
    const stranger = await newPage(site.browser, DESKTOP);
    tabs.push(stranger);
    await stranger.page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await stranger.page.waitForSelector(READY);
    for (const time of ['12:00', '13:00']) await expect.poll(() => cell(stranger.page, day(10), time).getAttribute('data-state')).toBe('available');

    // Two days ahead, by pochta's policy (docs/change-policy.md): no move, and a cancel that keeps half the price.
    await bookAndPay(page, day(2), ['16:00'], false);
    dialog = await openCard(page, '16:00–17:00', 'Оплачено');
    await dialog.getByText('Перенос возможен не позднее чем за 72 ч до начала').waitFor();
    expect(await dialog.getByRole('button', { name: 'Перенести' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Отменить' }).click();
    const question = page.getByRole('alertdialog');
    await expect.poll(() => question.innerText()).toMatch(/Отменить бронирование\? Вернём [\d\s\u00a0]+ ₽, студия удержит [\d\s\u00a0]+ ₽/);
    await question.getByRole('button', { name: 'Нет' }).click();
    await page.keyboard.press('Escape');
    await page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await page.waitForSelector(READY);
    expect(await cell(page, day(2), '16:00').getAttribute('data-state')).toBe('user-booked');
    // The provider's checkout page (not ours) has no favicon.
    expect(errors.filter((error) => error.includes(site.stack.baseUrl))).toEqual([]);
  });
});
