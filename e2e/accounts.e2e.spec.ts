// A customer registers, lands in the cabinet, logs out and logs in again through the pages; the
// refusals (wrong password, duplicate phone, an empty form) say what the spec says where it says it.
import { randomInt } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';

const PASSWORD = 'fotostudia7';
const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Ten digits after +7 that no other test has registered: the mask types them into +7 (9XX) XXX-XX-XX. */
const freshPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
const masked = (digits: string) => `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;

describe('customer accounts in the browser', () => {
  const site = siteSession();
  const pages: TestPage[] = [];

  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  async function open(route: string, viewport?: { width: number; height: number }): Promise<TestPage> {
    const tab = await newPage(site.browser, viewport);
    pages.push(tab);
    await tab.page.goto(site.stack.baseUrl + route);
    await tab.page.locator('form').waitFor();
    return tab;
  }

  /** Screenshots wait for the page's entrance animation to end. */
  const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const captcha = (page: Page) => page.getByLabel('Я не робот (тестовая проверка)');
  const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { phone: string; name: string } | null);

  async function fillRegistration(page: Page, phone: string): Promise<void> {
    await page.getByLabel('Имя').fill('Анна');
    await page.getByLabel('Фамилия').fill('Иванова');
    await page.getByLabel('Email').fill('anna@example.ru');
    await page.getByLabel('Телефон').pressSequentially(phone);
    expect(await page.getByLabel('Телефон').inputValue()).toBe(masked(phone));
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Повторите пароль').fill(PASSWORD);
    await captcha(page).check();
  }

  async function logIn(page: Page, phone: string, password: string): Promise<void> {
    await page.getByLabel('Телефон').pressSequentially(phone);
    await page.getByLabel('Пароль').fill(password);
    await captcha(page).check();
    await page.getByRole('button', { name: 'Войти' }).click();
  }

  async function register(page: Page, phone: string): Promise<void> {
    await fillRegistration(page, phone);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/dashboard`);
  }

  it('registers, lands in the cabinet, logs out, and logs in again with the same phone and password', async () => {
    const { page, context, errors } = await open('/register');
    const phone = freshPhone();
    await register(page, phone);
    await page.getByRole('heading', { name: 'Здравствуйте, Анна' }).waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'accounts-dashboard-desktop.png'), fullPage: true });
    expect(await storedUser(page)).toMatchObject({ name: 'Анна', phone: `+7${phone}` });
    expect((await context.cookies()).find((cookie) => cookie.name === 'session')?.httpOnly).toBe(true);

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/login`);
    expect(await storedUser(page)).toBeNull();
    // The server forgot the session, not just the page.
    expect((await page.request.get(`${site.stack.baseUrl}/api/auth/me`)).status()).toBe(401);

    await logIn(page, phone, PASSWORD);
    await page.waitForURL(`${site.stack.baseUrl}/dashboard`);
    expect(await storedUser(page)).toMatchObject({ phone: `+7${phone}` });
    expect((await page.request.get(`${site.stack.baseUrl}/api/auth/me`)).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('a wrong password: the server\'s message, and the captcha must be passed again', async () => {
    const phone = freshPhone();
    await register((await open('/register')).page, phone);

    const { page } = await open('/login');
    await logIn(page, phone, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toEqual(['Неверный телефон или пароль']);
    expect(await captcha(page).isChecked()).toBe(false);
    expect(page.url()).toBe(`${site.stack.baseUrl}/login`);

    // The old token is gone: sending again without the check is refused on the page.
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Пожалуйста, пройдите проверку капчи').waitFor();
  });

  it('an empty registration names every field, and a field\'s message goes as it is edited', async () => {
    const { page } = await open('/register');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect
      .poll(() => page.locator('.field__error').allInnerTexts())
      .toEqual(['Имя обязательно', 'Фамилия обязательна', 'Email обязателен', 'Телефон обязателен', 'Пароль обязателен', 'Пожалуйста, пройдите проверку капчи']);

    await page.getByLabel('Имя').fill('А');
    await expect.poll(() => page.locator('.field__error').allInnerTexts()).not.toContain('Имя обязательно');
    await page.getByLabel('Email').fill('anna@');
    await page.getByLabel('Пароль', { exact: true }).fill('12345');
    await page.getByLabel('Повторите пароль').fill('54321');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect.poll(() => page.locator('.field__error').allInnerTexts()).toEqual(expect.arrayContaining(['Некорректный email', 'Пароль должен быть не менее 6 символов', 'Пароли не совпадают']));
  });

  it('a phone already registered: the server\'s message at the phone field', async () => {
    const phone = freshPhone();
    await register((await open('/register')).page, phone);

    const { page } = await open('/register');
    await fillRegistration(page, phone);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const phoneField = page.locator('.field').filter({ has: page.getByLabel('Телефон') });
    await phoneField.getByText('Пользователь с таким телефоном уже зарегистрирован').waitFor();
    expect(await page.getByLabel('Телефон').getAttribute('aria-invalid')).toBe('true');
    expect(await captcha(page).isChecked()).toBe(false);
    expect(page.url()).toBe(`${site.stack.baseUrl}/register`);
  });

  it('the back arrows: login to home, registration to login', async () => {
    const { page } = await open('/register');
    await page.getByRole('link', { name: 'Ко входу' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/login`);
    await page.getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/`);
  });

  it('on a 390 px phone: both forms fit the width, and registering and logging in work', async () => {
    const { page, errors } = await open('/login', PHONE_VIEWPORT);
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'accounts-login-phone.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);

    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/register`);
    await page.locator('form').waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'accounts-register-phone.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);

    const phone = freshPhone();
    await register(page, phone);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${site.stack.baseUrl}/login`);
    await logIn(page, phone, PASSWORD);
    await page.waitForURL(`${site.stack.baseUrl}/dashboard`);
    expect(errors).toEqual([]);
  });

  it('desktop screenshots, with the messages of an empty submit and the topmost refused field focused', async () => {
    for (const [route, topmost] of [['/login', 'phone'], ['/register', 'name']] as const) {
      const { page } = await open(route);
      await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `accounts${route.replace('/', '-')}-desktop.png`), fullPage: true });
      await page.locator('button[type=submit]').click();
      await page.locator('.field__error').first().waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(topmost);
      await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `accounts${route.replace('/', '-')}-desktop-errors.png`), fullPage: true });
    }
  });
});
