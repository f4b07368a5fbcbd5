// What a guest sees when a checkout does not go through: the time was taken by someone else
// meanwhile, the price changed while the form was open, the server or the network failed, or the
// guest left the provider's page without paying (the hold runs out and the time is free again).
import path from 'node:path';
import { createCommandHandler } from '@studio/platform';
import { sweepExpiredHolds } from '@studio/workers';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { discountFreeDay, postJson } from './kit';
import { testClock } from '@studio/platform/testing';

describe('a checkout that does not go through', () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  const day = (n: number) => testClock.day(n);

  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  /** A guest at step 4 with `times` (hours) on `date` chosen and every contact filled in. */
  async function atStepFour(date: string, times: string[], studio = 'pochta'): Promise<TestPage> {
    const tab = await newPage(site.browser);
    pages.push(tab);
    const { page } = tab;
    await page.goto(`${site.stack.baseUrl}/${studio}/booking`);
    await page.waitForSelector(READY);
    for (const time of times) await cell(page, date, time).click();
    await page.locator('.cal-summary__next').click();
    await page.getByRole('heading', { name: 'Формат съёмки' }).waitFor();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Дополнительные услуги' }).waitFor();
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByRole('heading', { name: 'Контакты и оплата' }).waitFor();
    await page.locator('#name').fill('Вера');
    await page.locator('#phone').pressSequentially('9995554433');
    await page.locator('#email').fill('vera@example.ru');
    await page.locator('.check').click();
    await page.getByTestId('price-total').waitFor();
    return tab;
  }

  const submit = (page: Page) => page.getByRole('button', { name: 'Перейти к оплате' }).click();
  const leftForProvider = (page: Page) => page.waitForURL((url) => !url.href.startsWith(site.stack.baseUrl), { timeout: 20_000 });

  it('the time was taken meanwhile: a clear message, back to the calendar, which shows it taken', async () => {
    const date = day(9);
    const { page } = await atStepFour(date, ['15:00']);
    const other = await postJson(site.stack.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['15:00', '15:30'] });
    expect(other.status).toBe(201);

    await submit(page);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Выбранное время уже занято' }).waitFor();
    await page.waitForSelector(READY);
    await expect.poll(() => cell(page, date, '15:00').getAttribute('data-state')).toBe('booked');
    expect(page.url()).toBe(`${site.stack.baseUrl}/pochta/booking`);
  });

  it('the price changed while the form was open: the new price is explained, and sending again goes to payment', async () => {
    // A day no demo discount touches: the figures below are the list price.
    const date = discountFreeDay('masterskaya', 10);
    const { page } = await atStepFour(date, ['11:00'], 'masterskaya');
    const raised = await postJson(site.stack.commandUrl, '/api/masterskaya/prices', { hour_price: 2600, half_hour_price: 1300 }, 'POST', (await site.stack.staffLogin('super')).headers);
    expect(raised.status).toBeLessThan(300);

    await submit(page);
    const explanation = page.locator('.booking-form__error');
    await explanation.waitFor();
    expect(await explanation.innerText()).toMatch(/^Стоимость изменилась: 2\s600\s₽\. Проверьте заказ и отправьте его ещё раз$/);
    // The page reloads the catalogue and shows the figure the server will charge.
    await expect.poll(() => page.getByTestId('price-total').innerText()).toMatch(/^2\s600\s₽$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'booking-price-changed.png'), fullPage: true });

    await submit(page);
    await leftForProvider(page);
    expect(await page.locator('.amount').innerText()).toMatch(/^2\s600,00\s₽$/);
  });

  it('the server or the network fails: the form stays filled in and says what happened', async () => {
    const { page } = await atStepFour(day(11), ['17:00']);
    await page.route('**/api/bookings/intent', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Не удалось создать платёж. Попробуйте ещё раз через минуту', code: 'payment_unavailable', field: 'payment' }),
      }),
    );
    await submit(page);
    await expect.poll(() => page.locator('.booking-form__error').innerText()).toBe('Не удалось создать платёж. Попробуйте ещё раз через минуту');

    await page.unroute('**/api/bookings/intent');
    await page.route('**/api/bookings/intent', (route) => route.abort('internetdisconnected'));
    await submit(page);
    await expect.poll(() => page.locator('.booking-form__error').innerText()).toBe('Нет связи с сервером. Проверьте подключение и отправьте ещё раз');
    expect(await page.locator('#name').inputValue()).toBe('Вера');
    expect(await page.locator('#email').inputValue()).toBe('vera@example.ru');
    expect(await page.getByRole('button', { name: 'Перейти к оплате' }).isEnabled()).toBe(true);
  });

  it('left on the provider\'s page without paying: the time stays held until the hold runs out, then frees live', async () => {
    const date = day(12);
    const { page } = await atStepFour(date, ['19:00']);
    await submit(page);
    await leftForProvider(page);

    // The guest comes back to the calendar instead of paying: the held hour is still theirs.
    await page.goto(`${site.stack.baseUrl}/pochta/booking`);
    await page.waitForSelector(READY);
    await expect.poll(() => cell(page, date, '19:00').getAttribute('data-state')).toBe('user-booked');

    // The clock moved past the 15-minute hold: the workers' sweep gives the time back (this hold and
    // the earlier tests' ones), and the open calendar follows without a reload.
    const later = testClock.shifted(16 * 60_000);
    expect(await sweepExpiredHolds({ commands: createCommandHandler(site.stack.store), pool: site.stack.pool, clock: later })).toBeGreaterThan(0);
    await expect.poll(() => cell(page, date, '19:00').getAttribute('data-state'), { timeout: 10_000 }).toBe('available');
  });
});
