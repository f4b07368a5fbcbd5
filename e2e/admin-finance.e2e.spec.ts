// The finance tab (issue 11): the demo super administrator makes a finance member in the admins
// tab (role «Финансист»); that member signs in at /admin and lands on «Финансы», the only
// tab it has; the journal shows a paid and a declined payment with the totals, filters down to the
// declined one, downloads the CSV of that filter (a UTF-8 file with a BOM and `;`), and the check
// against the provider finds nothing wrong. Screenshot at 1280 px.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles } from '@studio/domain';
import { logInAsAdmin, ADMIN_WAIT as WAIT } from './admin-flow';
import { seriousViolations } from './axe';
import { settled } from './booking-flow';
import { databaseNow, testClock } from '@studio/platform/testing';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { checkoutAtServerPrice, futureDate, guestIntentBody } from './kit';

describe('the finance tab', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  const finance = { login: 'vera', password: 'Пароль-Веры-2026' };
  let paidPrice = 0;
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  beforeAll(async () => {
    const { stack } = site;
    const paid = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(10), ['12:00-13:00'], 0), contact: { name: 'Мария Кузнецова', phone: '+7 (913) 111-22-33', email: 'maria@example.ru', comment: '' } });
    stack.payments!.settle(paid.paymentId, 'paid');
    paidPrice = paid.price;
    const declined = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(11), ['14:00-15:00'], 0), studio: 'kirova', contact: { name: 'Пётр Сидоров', phone: '+7 (913) 222-33-44', email: 'petr@example.ru', comment: '' } });
    stack.payments!.settle(declined.paymentId, 'insufficient_funds');
  });

  it('is a role a super gives in the admins tab', async () => {
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('tab', { name: 'Администраторы' }).click();
    await page.getByRole('button', { name: 'Добавить администратора' }).click();
    await page.getByLabel('Имя').fill('Вера');
    await page.getByLabel('Логин').fill(finance.login);
    await page.getByLabel('Пароль', { exact: true }).fill(finance.password);
    await page.getByLabel('Роль', { exact: true }).selectOption({ label: 'Финансист' });
    await page.getByRole('dialog').getByRole('button', { name: 'Создать' }).click();
    await page.getByRole('status').filter({ hasText: 'Администратор успешно создан' }).waitFor(WAIT);
    await page.getByRole('row').filter({ hasText: 'Вера' }).getByText('Финансист').waitFor(WAIT);
    // The super has the finance tab too, beside the others.
    expect(await page.getByRole('tab', { name: 'Финансы' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('is all a finance member sees: the journal, its totals, a filter, the CSV and the check against the provider', async () => {
    // The journal dates each payment by the store's clock (the database's), and the tab's period
    // starts from the page's today: the page runs on the store's clock, whatever TEST_TODAY is.
    const storeClock = testClock.shifted((await databaseNow(site.stack.pool)).getTime() - testClock.now().getTime());
    const tab = await newPage(site.browser, { width: 1280, height: 900 }, {}, storeClock);
    tabs.push(tab);
    const { page, errors } = tab;
    await page.goto(`${site.stack.baseUrl}/admin`);
    await page.getByLabel('Логин').fill(finance.login);
    await page.getByLabel('Пароль').fill(finance.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('heading', { name: 'Финансы' }).waitFor(WAIT);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Финансы']);
    expect(await page.getByRole('group', { name: 'Студия' }).count()).toBe(0);
    expect(await page.getByText('Финансист').count()).toBe(1);

    const rows = page.getByTestId('finance-row');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await expect.poll(() => page.getByTestId('finance-total-received').innerText(), WAIT).toContain(formatRoubles(paidPrice));
    expect(await page.getByTestId('finance-total-refunded').innerText()).toContain(formatRoubles(0));
    const paidRow = rows.filter({ hasText: 'Мария Кузнецова' });
    expect(await paidRow.innerText()).toMatch(/Оплата[\s\S]*Полная оплата[\s\S]*\+7 \(913\) 111-22-33[\s\S]*Почта[\s\S]*Банковская карта[\s\S]*Проведён[\s\S]*Ожидает оплаты[\s\S]*Проведён/);
    await page.getByRole('button', { name: 'Сверка с провайдером' }).click();
    await page.getByText('Расхождений нет').waitFor(WAIT);
    expect(await page.getByText('Проверено платежей: 2').count()).toBe(1);
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-finance-1280.png'), fullPage: true });

    const filters = page.getByRole('form', { name: 'Фильтры журнала' });
    await filters.getByLabel('Статус').selectOption({ label: 'Отменён' });
    await filters.getByRole('button', { name: 'Показать' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    expect(await rows.first().innerText()).toMatch(/Пётр Сидоров[\s\S]*Кирова[\s\S]*Отменён/);
    await expect.poll(() => page.getByTestId('finance-total-received').innerText(), WAIT).toContain(formatRoubles(0));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Скачать CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^finance-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Создан;Вид;Бронь;Клиент;Телефон;Студия;Сумма, ₽;/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/;Пётр Сидоров;8 \(913\) 222-33-44;Кирова;\d+,\d\d;Полная оплата;Банковская карта;[^;]+;Отменён;/);

    await filters.getByLabel('Период с').fill('2026-12-31');
    await filters.getByLabel('по', { exact: true }).fill('2026-12-01');
    await filters.getByRole('button', { name: 'Показать' }).click();
    expect(await filters.getByRole('alert').innerText()).toBe('Дата «с» позже даты «по»');
    expect(errors).toEqual([]);
  });
});
