// The administrators tab (docs/staff.md#what-it-does, docs/staff.md#rules, docs/staff.md#messages; issue 10): the demo super administrator
// opens it, is told the spec's rules for bad input, creates an administrator, edits it (a blank
// password keeps the old one) and deletes it, with the spec's success texts; its own row has no
// delete button. Screenshots of the list and of the form at 1280 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_WAIT as WAIT, logInAsAdmin } from './admin-flow';
import { seriousViolations } from './axe';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { postJson } from './kit';

const REQUIRED = 'Все поля обязательны для заполнения';
const SHORT = 'Пароль должен содержать минимум 6 символов';
const PASSWORD = 'Пароль-Ирины-7';

describe('the administrators tab', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  const shot = async (page: Page, name: string) => {
    await page.mouse.move(0, 0);
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-1280.png`), fullPage: true });
  };
  const rows = (page: Page) => page.getByTestId('admin-row');
  const rowOf = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  const dialog = (page: Page) => page.getByTestId('admin-form-modal');
  const fieldError = (page: Page, label: string) => dialog(page).locator('.field').filter({ has: page.getByLabel(label, { exact: true }) }).getByRole('alert');
  const signsIn = async (login: string, password: string) => (await postJson(site.stack.baseUrl, '/api/admin/login', { login, password })).status === 200;

  it('creates, edits and deletes an administrator, with the spec’s messages for bad input', async () => {
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('tab', { name: 'Администраторы' }).click();
    await page.getByRole('heading', { name: 'Администраторы', level: 2 }).waitFor(WAIT);
    const self = rowOf(page, 'Главный администратор (вы)');
    await self.waitFor(WAIT);
    expect(await self.getByRole('button', { name: /Удалить/ }).count()).toBe(0);
    expect(await self.getByRole('button', { name: /Изменить/ }).count()).toBe(1);

    // Create: every field asked for, then the password's length, then a login someone has, at its field.
    await page.getByRole('button', { name: 'Добавить администратора' }).click();
    await dialog(page).getByRole('heading', { name: 'Новый администратор' }).waitFor(WAIT);
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    for (const label of ['Имя', 'Логин', 'Пароль']) expect(await fieldError(page, label).innerText()).toBe(REQUIRED);
    await page.getByLabel('Имя').fill('Ирина');
    await page.getByLabel('Логин').fill('admin');
    await page.getByLabel('Пароль', { exact: true }).fill('12345');
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await fieldError(page, 'Пароль').filter({ hasText: SHORT }).waitFor(WAIT);
    expect(await fieldError(page, 'Имя').count()).toBe(0);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await fieldError(page, 'Логин').filter({ hasText: 'Администратор с таким логином уже существует' }).waitFor(WAIT);
    await page.getByLabel('Логин').fill('irina');
    await page.getByLabel('Роль', { exact: true }).selectOption({ label: 'Администратор' });
    await shot(page, 'admin-admins-form');
    await dialog(page).getByRole('button', { name: 'Создать' }).click();
    await page.getByRole('status').filter({ hasText: 'Администратор успешно создан' }).waitFor(WAIT);
    await rowOf(page, 'Ирина').waitFor(WAIT);
    expect(await rowOf(page, 'Ирина').innerText()).toMatch(/Ирина\s+irina\s+Администратор\s+\d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    expect(await signsIn('irina', PASSWORD)).toBe(true);
    await shot(page, 'admin-admins-list');
    expect(await seriousViolations(page)).toEqual([]);

    // Edit: the name is required again, a new password is checked, a blank one keeps the old.
    await page.getByRole('button', { name: 'Изменить: Ирина' }).click();
    await dialog(page).getByRole('heading', { name: 'Редактирование администратора' }).waitFor(WAIT);
    expect(await page.getByLabel('Логин').inputValue()).toBe('irina');
    expect(await page.getByLabel('Новый пароль').inputValue()).toBe('');
    await page.getByLabel('Имя').fill('   ');
    await page.getByLabel('Новый пароль').fill('123');
    await dialog(page).getByRole('button', { name: 'Сохранить' }).click();
    expect(await fieldError(page, 'Имя').innerText()).toBe(REQUIRED);
    expect(await fieldError(page, 'Новый пароль').innerText()).toBe(SHORT);
    await page.getByLabel('Имя').fill('Ирина Петровна');
    await page.getByLabel('Новый пароль').fill('');
    await page.getByLabel('Роль', { exact: true }).selectOption({ label: 'Супер-администратор' });
    await dialog(page).getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').filter({ hasText: 'Администратор успешно обновлен' }).waitFor(WAIT);
    await rowOf(page, 'Ирина Петровна').getByText('Супер-администратор').waitFor(WAIT);
    expect(await rowOf(page, 'Ирина').count()).toBe(0);
    expect(await signsIn('irina', PASSWORD)).toBe(true);

    // Delete, after the question.
    await page.getByRole('button', { name: 'Удалить: Ирина Петровна' }).click();
    await page.getByRole('alertdialog').getByRole('heading', { name: 'Удалить администратора Ирина Петровна?' }).waitFor(WAIT);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('status').filter({ hasText: 'Администратор успешно удален' }).waitFor(WAIT);
    await rowOf(page, 'Ирина Петровна').waitFor({ state: 'detached', ...WAIT });
    expect(await rows(page).count()).toBe(1);
    expect(await signsIn('irina', PASSWORD)).toBe(false);
    // The browser logs the refused duplicate login as an error; it is the only one.
    expect(errors).toEqual([expect.stringMatching(/status of 409 \(Conflict\) \(http:\/\/[^)]+\/api\/admin\/admins\)$/)]);
  });
});
