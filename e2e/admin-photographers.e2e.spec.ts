// The photographers tab (issue 10): the demo super administrator is told «Заполните все поля» for a
// blank row, adds a photographer, edits the price inline and removes them after the question.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logInAsAdmin, ADMIN_WAIT as WAIT } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { getJson } from './kit';

describe('the photographers tab', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  const listed = async () => ((await getJson(`${site.stack.queryUrl}/api/photographers`)).body as { data: { name: string; price: number }[] }).data;

  it('adds, edits and removes a photographer, refusing a blank row', async () => {
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('tab', { name: 'Фотографы' }).click();
    const add = page.getByRole('form', { name: 'Добавить фотографа' });
    await add.waitFor(WAIT);

    await add.getByLabel('Имя').fill('   ');
    await add.getByRole('button', { name: 'Добавить' }).click();
    expect(await add.getByRole('alert').innerText()).toBe('Заполните все поля');

    await add.getByLabel('Имя').fill('Светлана Лучникова');
    await add.getByLabel('Цена за час, ₽').fill('3000');
    await add.getByRole('button', { name: 'Добавить' }).click();
    await page.getByRole('status').getByText('Фотограф «Светлана Лучникова» добавлен').waitFor(WAIT);
    const row = page.getByTestId('photographer').filter({ hasText: 'Светлана Лучникова' });
    await expect.poll(() => row.innerText(), WAIT).toMatch(/3\s000\s₽ \/ час/);
    expect(await add.getByLabel('Имя').inputValue()).toBe('');
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-photographers-1280.png'), fullPage: true });

    await row.getByRole('button', { name: 'Изменить' }).click();
    const edit = page.getByRole('form', { name: 'Изменить: Светлана Лучникова' });
    await edit.getByLabel('Цена за час, ₽').fill('3500');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(() => row.innerText(), WAIT).toMatch(/3\s500\s₽ \/ час/);
    expect((await listed()).find((p) => p.name === 'Светлана Лучникова')?.price).toBe(3500);

    await row.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Да, удалить' }).click();
    await expect.poll(() => row.count(), WAIT).toBe(0);
    expect((await listed()).some((p) => p.name === 'Светлана Лучникова')).toBe(false);
    expect(errors).toEqual([]);
  });
});
