// Staff log in to /admin with the demo super administrator, see the back-office tabs, are refused
// with a wrong password, and log out; an administrator sees the calendar tab only (admin-calendar.e2e.spec.ts covers the calendar).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { READ_POSITION_COOKIE } from '@studio/domain';
import { DEMO_ADMIN } from '@studio/platform';
import { seriousViolations } from './axe';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';

const ALL_TABS = ['Календарь', 'Услуги', 'Цены', 'Клиенты', 'Промокоды', 'Скидки', 'Отмена и перенос', 'Фотографы', 'Оборудование', 'Зал', 'Администраторы', 'Статистика', 'Финансы', 'Операции', 'Уведомления', 'Лист ожидания'];
const WAIT = { timeout: 20_000 };

describe('the back-office login', () => {
  const site = siteSession();
  const pages: TestPage[] = [];
  afterAll(async () => {
    for (const tab of pages) await tab.close();
  });

  async function open(viewport?: { width: number; height: number }): Promise<TestPage> {
    const tab = await newPage(site.browser, viewport);
    pages.push(tab);
    await tab.page.goto(`${site.stack.baseUrl}/admin`);
    await tab.page.locator('form').waitFor(WAIT);
    return tab;
  }

  /** Screenshots wait for the page's entrance animation to end. */
  const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const storedAdmin = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('admin') ?? 'null') as unknown);
  const meStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/admin/me')).status);
  const tabNames = (page: Page) => page.getByRole('tab').allInnerTexts();

  async function logIn(page: Page, login: string, password: string): Promise<void> {
    await page.getByLabel('Логин').fill(login);
    await page.getByLabel('Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
  }

  it('asks for both fields in Russian before sending anything', async () => {
    const { page, errors } = await open();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Вход для сотрудников');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Введите логин').waitFor(WAIT);
    await page.getByText('Введите пароль').waitFor(WAIT);
    await expect.poll(() => page.getByLabel('Логин').evaluate((input) => input === document.activeElement)).toBe(true);
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-login-errors-desktop.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits every tab on a 390 px phone: wide tables and charts scroll inside their frames, not the page', async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    await logIn(page, DEMO_ADMIN.login, DEMO_ADMIN.password);
    await page.getByRole('heading', { name: 'Календарь — Почта' }).waitFor(WAIT);
    const overflowing: string[] = [];
    for (const name of ALL_TABS) {
      await page.getByRole('tab', { name, exact: true }).click();
      await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor(WAIT);
      // Each tab's first read has answered (or failed) once nothing says «Загрузка…».
      await expect.poll(() => page.getByRole('tabpanel').getByText('Загрузка…').count(), WAIT).toBe(0);
      await settled(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) overflowing.push(`${name}: ${width}px`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `admin-tab-${ALL_TABS.indexOf(name) + 1}-390.png`), fullPage: true });
    }
    expect(overflowing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses a wrong password with the server\'s message, stays on the form and stores nothing', async () => {
    const { page } = await open();
    await logIn(page, DEMO_ADMIN.login, 'не-тот-пароль');
    await page.getByRole('alert').filter({ hasText: 'Неверный логин или пароль' }).waitFor(WAIT);
    expect(await page.getByLabel('Пароль').inputValue()).toBe('');
    expect(await storedAdmin(page)).toBeNull();
    expect(await meStatus(page)).toBe(401);
  });

  it('logs the demo super administrator in: greeting, every tab and its screen; a reload keeps the session; logout ends it', async () => {
    const { page, errors } = await open();
    await logIn(page, DEMO_ADMIN.login, DEMO_ADMIN.password);
    await page.getByRole('heading', { name: 'Здравствуйте, Главный администратор' }).waitFor(WAIT);
    expect(await tabNames(page)).toEqual(ALL_TABS);
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Календарь');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Календарь — Почта' }).waitFor(WAIT);
    expect(await storedAdmin(page)).toEqual({ id: expect.any(String) as string, name: 'Главный администратор', login: 'admin', rules: 'super' });
    // Beside the cookie by which reads follow the login's write, the staff session alone.
    const cookies = (await page.context().cookies()).filter((cookie) => cookie.name !== READ_POSITION_COOKIE);
    expect(cookies).toEqual([expect.objectContaining({ name: 'staff_session', httpOnly: true, sameSite: 'Strict' })]);

    await page.getByRole('tab', { name: 'Администраторы' }).click();
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Администраторы');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Администраторы' }).waitFor(WAIT);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Статистика');
    // The statistics screen is loaded when its tab opens.
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Статистика' }).waitFor(WAIT);
    await page.getByRole('tab', { name: 'Календарь' }).click();

    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-panel-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-panel-1024.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-panel-390.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { name: 'Здравствуйте, Главный администратор' }).waitFor(WAIT);
    expect(await meStatus(page)).toBe(200);

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.getByRole('heading', { name: 'Вход для сотрудников' }).waitFor(WAIT);
    expect(await storedAdmin(page)).toBeNull();
    expect(await page.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(errors).toEqual([]);
    // The browser logs this test's own 401 as an error, so it is asked last.
    expect(await meStatus(page)).toBe(401);
  });

  it('shows an administrator the calendar and the day\'s waitlist only', async () => {
    const member = await site.stack.staffLogin('admin', 'Ирина');
    const { page } = await open();
    await logIn(page, member.login, member.password);
    await page.getByRole('heading', { name: 'Здравствуйте, Ирина' }).waitFor(WAIT);
    expect(await tabNames(page)).toEqual(['Календарь', 'Лист ожидания']);
    expect(await page.getByRole('tab', { name: 'Администраторы' }).count()).toBe(0);
  });

  it('forgets a stored admin whose session the server no longer knows, and asks for the login', async () => {
    const { page } = await open();
    await page.evaluate(() => localStorage.setItem('admin', JSON.stringify({ id: 'gone', name: 'Бывший', login: 'gone', rules: 'super' })));
    await page.reload();
    await page.getByRole('heading', { name: 'Вход для сотрудников' }).waitFor(WAIT);
    await expect.poll(() => storedAdmin(page), WAIT).toBeNull();
  });

  it('phone screenshot of the login form', async () => {
    const { page } = await open({ width: 390, height: 844 });
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-login-390.png'), fullPage: true });
  });
});
