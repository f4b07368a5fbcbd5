// A guest pays for a booking and the result page shows the success screen of docs/cabinet.md#what-it-does: the account
// opened for the booking, the phone as login, the password sent by SMS, «Войти» and «Новое
// бронирование». The password, read from the SMS sandbox on /dev/outbox, logs in.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutAsGuest, pickHours } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { passwordInSms, sentMessages } from './kit';
import { testClock } from '@studio/platform/testing';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('an account made at booking, in the browser', () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  const open = async (viewport = DESKTOP) => {
    const tab = await newPage(site.browser, viewport);
    pages.push(tab);
    return tab;
  };
  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('pays as a guest, sees the account created with the phone as login, and logs in with the password from the SMS', async () => {
    const { page, errors } = await open();
    await pickHours(page, site.stack.baseUrl, testClock.day(11), ['12:00']);
    await checkoutAsGuest(page, site.stack.baseUrl, { name: 'Ольга Новикова', phoneDigits: '9995550011', email: 'olga@example.ru' });
    const checkout = new URL(page.url()).origin;
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/payment/success?intent=**`, { timeout: 20_000 });

    const account = page.getByTestId('account-created');
    await account.waitFor({ timeout: 30_000 });
    expect(await account.getByRole('heading').innerText()).toBe('Аккаунт создан');
    expect(await account.innerText()).toContain('+7 (999) 555-00-11');
    expect(await account.innerText()).toContain('Пароль отправлен по SMS');
    expect(await account.getByRole('link', { name: 'Новое бронирование' }).getAttribute('href')).toBe('/pochta/booking');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-at-booking-desktop.png'), fullPage: true });
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'account-at-booking-phone.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    expect(errors.filter((error) => !error.includes(checkout))).toEqual([]);

    const [sms] = await sentMessages(site.stack.pool, { channel: 'sms', to: '+79995550011' });
    await account.getByRole('link', { name: 'Войти' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/login`);
    await page.getByLabel('Телефон').pressSequentially('9995550011');
    await page.getByLabel('Пароль').fill(passwordInSms(sms!.body));
    await page.getByLabel('Я не робот (тестовая проверка)').check();
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/dashboard`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Здравствуйте, Ольга' }).waitFor({ timeout: 20_000 });
  });

  it('shows the sandboxes\' messages on /dev/outbox, filtered by phone, at desktop and 390 px', async () => {
    for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const { page, errors } = await open(viewport);
      await page.goto(`${site.stack.baseUrl}/dev/outbox`);
      await page.getByRole('heading', { name: 'Отправленные сообщения' }).waitFor();
      await expect.poll(() => page.getByTestId('outbox-message').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('outbox-message').filter({ hasText: 'Бронирование подтверждено' }).first().innerText()).toContain('olga@example.ru');
      await page.screenshot({ path: path.join(SCREENSHOTS, `dev-outbox-all-${name}.png`), fullPage: true });
      await page.getByLabel('Телефон или email').fill('+7 999 555-00-11');
      await page.getByRole('button', { name: 'Показать' }).click();
      await expect.poll(() => page.getByTestId('outbox-message').count(), { timeout: 20_000 }).toBe(1);
      const message = page.getByTestId('outbox-message');
      expect(await message.innerText()).toContain('SMS');
      expect(await message.innerText()).toContain('Ваш аккаунт на сайте фотостудии: логин +79995550011, пароль ');
      await page.screenshot({ path: path.join(SCREENSHOTS, `dev-outbox-${name}.png`), fullPage: true });

      await page.getByLabel('Телефон или email').fill('nobody@example.ru');
      await page.getByRole('button', { name: 'Показать' }).click();
      await page.getByText('Сообщений нет для «nobody@example.ru».').waitFor({ timeout: 20_000 });
      expect(await overflow(page)).toBe(0);
      expect(errors).toEqual([]);
    }
  });
});
