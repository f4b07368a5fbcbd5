// A customer edits the profile through /profile: the surname is saved and shown back, and a changed
// password is the one that logs in afterwards.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PASSWORD, freshPhone, registerThroughPage } from './account-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';

const OLD_PASSWORD = CUSTOMER_PASSWORD;
const NEW_PASSWORD = 'novyi-parol-8';

describe('the profile page', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  async function open(route: string, viewport?: { width: number; height: number }): Promise<TestPage> {
    const tab = await newPage(site.browser, viewport);
    tabs.push(tab);
    await tab.page.goto(site.stack.baseUrl + route);
    return tab;
  }

  const captcha = (page: Page) => page.getByLabel('Я не робот (тестовая проверка)');
  const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { surname: string } | null);

  /** A new customer, registered through /register, on /profile; the ten digits of the phone after +7. */
  async function registeredOnProfile(viewport?: { width: number; height: number }): Promise<{ page: Page; phone: string; errors: string[] }> {
    const { page, errors } = await open('/register', viewport);
    const phone = freshPhone();
    await registerThroughPage(page, site.stack.baseUrl, phone);
    await page.getByRole('link', { name: 'Редактировать профиль' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/profile`);
    return { page, phone, errors };
  }

  it('saves a new surname, then a new password that logs in where the old one no longer does', async () => {
    const { page, phone, errors } = await registeredOnProfile();
    expect(await page.getByLabel('Телефон', { exact: true }).inputValue()).toBe(`+7 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6, 8)}-${phone.slice(8)}`);
    expect(await page.getByLabel('Телефон', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await page.getByText('Телефон изменить нельзя').waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'profile-desktop.png'), fullPage: true });

    await page.getByLabel('Фамилия').fill('Петрова');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').filter({ hasText: 'Профиль успешно обновлен' }).waitFor();
    expect(await storedUser(page)).toMatchObject({ surname: 'Петрова' });
    expect(await (await page.request.get(`${site.stack.baseUrl}/api/auth/me`)).json()).toMatchObject({ user: { surname: 'Петрова' } });

    await page.getByLabel('Новый пароль', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Повторите новый пароль').fill('другой-пароль');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Введите текущий пароль для смены пароля').waitFor();
    await page.getByText('Пароли не совпадают').waitFor();

    await page.getByLabel('Текущий пароль').fill('не-тот-пароль');
    await page.getByLabel('Повторите новый пароль').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Неверный текущий пароль').waitFor();

    await page.getByLabel('Текущий пароль').fill(OLD_PASSWORD);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').filter({ hasText: 'Профиль успешно обновлен' }).waitFor();
    expect(await page.getByLabel('Текущий пароль').inputValue()).toBe('');

    await page.getByRole('link', { name: 'Отмена' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/login`);
    for (const [password, landing] of [
      [OLD_PASSWORD, null],
      [NEW_PASSWORD, '/dashboard'],
    ] as const) {
      await page.getByLabel('Телефон', { exact: true }).fill('');
      await page.getByLabel('Телефон', { exact: true }).pressSequentially(phone);
      await page.getByLabel('Пароль').fill(password);
      await captcha(page).check();
      await page.getByRole('button', { name: 'Войти' }).click();
      if (landing) await page.waitForURL(`${site.stack.baseUrl}${landing}`);
      else await page.getByText('Неверный телефон или пароль').waitFor();
    }
    // The refused password change and the refused login are the browser's only complaints.
    expect(errors.map((error) => /status of (\d+).*\/api\/([a-z]+)/.exec(error)?.slice(1) ?? error)).toEqual([
      ['400', 'users'],
      ['401', 'auth'],
    ]);
  });

  it('fits a 390 px phone, and sends a guest to /login', async () => {
    const { page } = await registeredOnProfile({ width: 390, height: 844 });
    await page.getByLabel('Фамилия').fill('');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Фамилия обязательна для заполнения').waitFor();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'profile-phone.png'), fullPage: true });

    const guest = await open('/profile');
    await guest.page.waitForURL(`${site.stack.baseUrl}/login`);
  });
});
