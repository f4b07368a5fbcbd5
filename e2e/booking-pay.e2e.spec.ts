// Steps 2–4 of /{studio}/booking and the payment: a guest books two hours at pochta with a
// photographer and a service, sees the itemised price, pays on the sandbox's checkout page and
// lands on the result page showing the booking paid.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutAsGuest, chooseWithPhotographer, pickHours, submitAsGuest, toContacts } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { testClock } from '@studio/platform/testing';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('booking steps 2–4 and paying', () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  const day = (n: number) => testClock.day(n);

  async function open(viewport = DESKTOP): Promise<TestPage> {
    const tab = await newPage(site.browser, viewport);
    pages.push(tab);
    return tab;
  }

  /** Two continuous hours on `date`, then on to step 2. */
  const pickTwoHours = (page: Page, date: string, studio = 'pochta') => pickHours(page, site.stack.baseUrl, date, ['12:00', '13:00'], studio);

  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  it('books two hours with a photographer and a per-shoot service, pays on the sandbox and shows the booking paid', async () => {
    const { page, errors } = await open();
    await pickTwoHours(page, day(6));

    await chooseWithPhotographer(page);
    expect(await page.locator('#people').inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Далее' }).click();

    await page.getByRole('heading', { name: 'Дополнительные услуги' }).waitFor();
    const perShoot = page.locator('.service-option', { hasText: 'за съёмочный день' }).first();
    await perShoot.click();
    await page.getByRole('button', { name: 'Далее' }).click();

    await page.getByRole('heading', { name: 'Контакты и оплата' }).waitFor();
    // Every contact is required, each message at its field.
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect.poll(() => page.locator('.field__error').allInnerTexts()).toEqual([
      'Укажите имя',
      'Введите корректный номер телефона в формате +7 (999) 123-45-67',
      'Введите корректный email',
      'Пожалуйста, ознакомьтесь с правилами бронирования и подтвердите согласие',
    ]);

    await page.locator('#name').fill('Анна Гостева');
    await page.locator('#phone').pressSequentially('89991234567');
    expect(await page.locator('#phone').inputValue()).toBe('+7 (899) 912-34-56');
    await page.locator('#phone').fill('');
    await page.locator('#phone').pressSequentially('9991234567');
    expect(await page.locator('#phone').inputValue()).toBe('+7 (999) 123-45-67');
    await page.locator('#email').fill('anna@example.ru');
    await page.locator('#promo').fill('abc');
    expect(await page.locator('#promo').inputValue()).toBe('ABC');
    await page.locator('#promo').fill('');
    await page.locator('.check').click();

    const lines = await page.getByTestId('price-line').allInnerTexts();
    expect(lines.some((line) => line.includes('Съёмка с фотографом'))).toBe(true);
    expect(lines.some((line) => line.includes('входит в съёмку с фотографом'))).toBe(true);
    const total = await page.getByTestId('price-total').innerText();
    expect(total).toMatch(/₽$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-step4-desktop.png'), fullPage: true });

    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await page.waitForURL((url) => !url.href.startsWith(site.stack.baseUrl), { timeout: 20_000 });
    const checkout = new URL(page.url()).origin;
    await page.getByRole('button', { name: 'Оплатить' }).click();

    await page.waitForURL(`${site.stack.baseUrl}/payment/success?intent=**`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 30_000 }).toBe('Оплачено');
    expect(await page.getByTestId('payment-paid').innerText()).toContain('100%');
    await expect.poll(() => page.getByTestId('booked-range').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Обновить статус' }).count()).toBe(0);
    // The buyer's browser (its visitor cookie) is shown the contact data; another browser would see the status alone.
    expect(await page.locator('.payment__panel dl').innerText()).toContain('anna@example.ru');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'payment-result-desktop.png'), fullPage: true });
    // The sandbox's checkout page (not ours) has no favicon.
    expect(errors.filter((error) => !error.includes(checkout))).toEqual([]);

    // The calendar shows the paid hours as taken, and as this guest's own («Ваша бронь»).
    await page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await page.waitForSelector(READY);
    for (const time of ['12:00', '13:00']) await expect.poll(() => cell(page, day(6), time).getAttribute('data-state')).toBe('user-booked');
  });

  it('declined by the bank: the result page says so, and the calendar shows the time free at once', async () => {
    const { page } = await open();
    await pickTwoHours(page, day(8));
    await checkoutAsGuest(page, site.stack.baseUrl, { name: 'Борис', phoneDigits: '9990001122', email: 'boris@example.ru' });
    await page.getByRole('button', { name: 'Отказ банка' }).click();

    await page.waitForURL(`${site.stack.baseUrl}/payment/success?intent=**`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 30_000 }).toBe('Отменён');
    expect(await page.locator('.payment__lead').first().innerText()).toContain('Время освобождено');
    await page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await page.waitForSelector(READY);
    for (const time of ['12:00', '13:00']) await expect.poll(() => cell(page, day(8), time).getAttribute('data-state')).toBe('available');
  });

  it('kirova charges the photographer and services per slot, and the booking is paid the same way', async () => {
    const { page } = await open();
    const date = day(13);
    await pickTwoHours(page, date, 'kirova');
    await chooseWithPhotographer(page);
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Дополнительные услуги' }).waitFor();
    await page.locator('.service-option', { hasText: 'Дым-машина' }).click();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Контакты и оплата' }).waitFor();
    const lines = await page.getByTestId('price-line').allInnerTexts();
    expect(lines.filter((line) => line.includes('за слот'))).toHaveLength(2);
    expect(lines.some((line) => line.includes('Дым-машина, за слот'))).toBe(true);
    const total = (await page.getByTestId('price-total').innerText()).replace(/\s/g, ' ');

    await submitAsGuest(page, site.stack.baseUrl, { name: 'Кира', phoneDigits: '9997770011', email: 'kira@example.ru' });
    // The provider is asked for exactly what the page showed.
    expect((await page.locator('.amount').innerText()).replace(/\s/g, ' ')).toBe(total.replace(' ₽', ',00 ₽'));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/payment/success?intent=**`, { timeout: 20_000 });
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: 30_000 }).toBe('Оплачено');
    await page.goto(`${site.stack.baseUrl}/kirova/booking`);
    await page.waitForSelector(READY);
    for (const time of ['12:00', '13:00']) await expect.poll(() => cell(page, date, time).getAttribute('data-state')).toBe('user-booked');
  });

  it('an event at kirova shows the catalogue\'s price a slot, and the page\'s total is the one the server charges', async () => {
    const { page, errors } = await open();
    await pickTwoHours(page, day(9), 'kirova');
    // The seed prices an event at kirova 500 ₽ a slot.
    expect(await page.getByTestId('format-price-event').innerText()).toBe('+500 ₽ за каждый слот');
    await page.getByText('Мероприятие', { exact: true }).click();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-step2-event-desktop.png'), fullPage: true });
    await toContacts(page);
    const eventLine = page.getByTestId('price-line').filter({ hasText: 'Мероприятие, за слот' });
    expect((await eventLine.innerText()).replace(/\s+/g, ' ')).toMatch(/× 2 1 000 ₽$/);

    // A page total other than the server's would be refused with price_changed, and the page would stay.
    await submitAsGuest(page, site.stack.baseUrl, { name: 'Вера', phoneDigits: '9990002233', email: 'vera@example.ru' });
    const checkout = new URL(page.url()).origin;
    expect(errors.filter((error) => !error.includes(checkout))).toEqual([]);
  });

  it('works on a 390 px phone: format, services and contacts, and the result page without an intent', async () => {
    const { page, errors } = await open(PHONE);
    await pickTwoHours(page, day(7));
    await chooseWithPhotographer(page);
    await page.locator('#people').fill('');
    await page.locator('#people').blur();
    expect(await page.locator('#people').inputValue()).toBe('1');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-step2-phone.png'), fullPage: true });
    await toContacts(page);
    await page.getByTestId('price-total').waitFor();
    // Arriving at step 4 is not an attempt to submit it.
    expect(await page.locator('.field__error').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-step4-phone.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);

    await page.goto(`${site.stack.baseUrl}/payment/success`);
    await page.getByText('Не передан идентификатор платежа').waitFor();
    expect(errors).toEqual([]);
  });
});
