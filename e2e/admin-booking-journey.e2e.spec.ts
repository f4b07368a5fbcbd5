// Issue 9's journey through the back-office: the super administrator creates a two-slot booking
// with a payment link, the customer pays both links in the sandbox and the card turns «Оплачено»;
// staff move it (refused over another booking, then to a free morning), refund part of it, add a
// note and delete it, and the history names them at each step.
import path from 'node:path';
import { MOVE_TARGET_TAKEN_MESSAGE } from '@studio/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCell, adminDay, ADMIN_WAIT as WAIT, guestPaidBooking, logInAsAdmin } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { nextWeekDays, postJson } from './kit';
import { testClock } from '@studio/platform/testing';

describe('a booking staff make, from the link to its deletion', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  const shot = async (page: Page, name: string, width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  };

  /** The customer opens a link and pays on the sandbox's checkout page. */
  async function payOn(page: Page, link: string) {
    await page.goto(link);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/payment\/success/, WAIT);
  }

  it('creates with a link, is paid, refunds part, notes, deletes, and the history names the staff member', async () => {
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, context, errors } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.stack.baseUrl });
    await logInAsAdmin(page, site.stack.baseUrl);
    const staffName = (await page.locator('.admin__greeting').innerText()).replace('Здравствуйте, ', '');
    const date = testClock.day(7);
    await page.getByRole('button', { name: 'Следующая неделя' }).click();
    const day = adminDay(page, date);
    await day.waitFor(WAIT);

    // Two half hours, chosen one by one.
    await page.getByRole('button', { name: 'Выбрать несколько' }).click();
    await day.locator('[data-cell="18:00"]').click();
    await day.locator('[data-cell="18:30"]').click();
    await page.getByRole('button', { name: 'Создать бронь (2)' }).click();
    const create = page.getByTestId('create-modal');
    await create.waitFor(WAIT);

    // The form's own checks, before anything is sent.
    await create.getByRole('button', { name: 'Создать бронь' }).click();
    await create.getByText('Введите номер телефона или отметьте техническую бронь').waitFor(WAIT);
    await create.getByLabel('Телефон').pressSequentially('9135551234');
    expect(await create.getByLabel('Телефон').inputValue()).toBe('+7 (913) 555-12-34');
    await create.getByLabel('Имя', { exact: true }).fill('Вера');
    await create.getByLabel('Фамилия').fill('Клиентова');
    await create.getByLabel('Email', { exact: true }).fill('vera@example.ru');
    await create.getByLabel('Сумма за все слоты, ₽').fill('150');
    await create.getByRole('button', { name: 'Создать бронь' }).click();
    await create.getByText('Минимальная сумма оплаты 100 ₽').waitFor(WAIT);
    await create.getByLabel('Сумма за все слоты, ₽').fill('3000');
    expect(await create.getByText('Каждый слот — отдельная бронь').innerText()).toMatch(/по 1\s500\s₽/);
    await shot(page, 'admin-create-form', 1280);
    await shot(page, 'admin-create-form', 1024);
    await page.setViewportSize({ width: 1280, height: 900 });
    await create.getByRole('button', { name: 'Создать бронь' }).click();

    // The success screen: one link a half hour, copied with a toast, opened in a new tab.
    const result = create.getByTestId('create-result');
    await result.getByText('Бронь успешно создана').waitFor(WAIT);
    const links = await result.getByRole('textbox').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(links).toHaveLength(2);
    await result.getByRole('button', { name: 'Копировать' }).first().click();
    await create.getByText('Ссылка скопирована').waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(links[0]);
    await shot(page, 'admin-create-links', 1280);
    await page.setViewportSize({ width: 1280, height: 900 });
    const [checkout] = await Promise.all([context.waitForEvent('page'), result.getByRole('link', { name: 'Открыть' }).first().click()]);
    await payOn(checkout, links[0]!);
    await payOn(checkout, links[1]!);
    await checkout.close();
    await create.getByRole('button', { name: 'Закрыть' }).last().click();
    await create.waitFor({ state: 'detached' });

    // Both paid: one card of the two half hours, «Оплачено», without a reload.
    const card = day.getByTestId('chain-card');
    await expect.poll(() => card.innerText().catch(() => ''), { timeout: 40_000 }).toMatch(/18:00–19:00[\s\S]*Вера Клиентова[\s\S]*Оплачено/);
    expect(await card.count()).toBe(1);

    // Moved: refused where another guest has booked, then to a free morning.
    await guestPaidBooking(site.stack, date, ['20:00-21:00'], { name: 'Другой Гость', phone: '+7 (913) 555-00-99' });
    await expect.poll(() => day.getByTestId('chain-card').count(), WAIT).toBe(2);
    await card.first().click();
    await page.getByTestId('booking-modal').getByRole('button', { name: 'Перенести' }).click();
    await page.getByTestId('transfer-dialog').getByRole('button', { name: 'Продолжить' }).click();
    const notice = page.getByTestId('transfer-notice');
    await adminCell(page, date, '19:30').click();
    await expect.poll(() => notice.innerText(), WAIT).toBe(MOVE_TARGET_TAKEN_MESSAGE);
    await adminCell(page, date, '12:00').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Да, перенести' }).click();
    await expect.poll(() => notice.innerText(), WAIT).toBe('Бронь успешно перенесена');
    const moved = day.getByTestId('chain-card').first();
    await expect.poll(() => moved.innerText(), WAIT).toMatch(/^12:00–13:00[\s\S]*Вера Клиентова[\s\S]*Оплачено/);

    // Part of the first half hour's payment goes back.
    await moved.click();
    const modal = page.getByTestId('booking-modal');
    await modal.waitFor(WAIT);
    const firstPayment = modal.getByRole('region', { name: 'Оплата брони 12:00–12:30' });
    await firstPayment.getByRole('button', { name: /^Возврат/ }).click();
    await firstPayment.getByLabel('Сумма возврата, ₽').fill('500');
    await firstPayment.getByRole('button', { name: 'Вернуть деньги' }).click();
    await firstPayment.getByText(/^Возврат 500 ₽ отправлен/).waitFor(WAIT);

    // A note, under the staff member's name.
    await modal.getByRole('button', { name: 'Добавить заметку' }).click();
    await modal.getByRole('button', { name: 'Сохранить заметку' }).click();
    await modal.getByText('Заметка не может быть пустой').waitFor(WAIT);
    await modal.getByLabel('Новая заметка').fill('Клиентка попросила чек на почту');
    await modal.getByRole('button', { name: 'Сохранить заметку' }).click();
    await modal.locator('.acal-notes').getByText('Клиентка попросила чек на почту').waitFor(WAIT);
    expect(await modal.locator('.acal-notes').innerText()).toContain(staffName);

    // Deleting warns that the money is not sent back by it.
    await modal.getByRole('button', { name: 'Удалить', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Удаление не возвращает деньги').waitFor(WAIT);
    await confirm.getByRole('button', { name: 'Да, удалить' }).click();
    await modal.getByText('Бронирования больше нет в календаре').waitFor(WAIT);

    // The history, still open, tells every step and who took it.
    const history = modal.getByTestId('booking-history').first();
    await expect.poll(() => history.innerText(), WAIT).toContain('Отменена администратором');
    const lines = await history.getByRole('listitem').allInnerTexts();
    const line = (pattern: RegExp) => lines.find((text) => pattern.test(text)) ?? `no line ${pattern}`;
    expect(line(/Бронь создана администратором/)).toContain(staffName);
    expect(line(/Оплата получена/)).toMatch(/1\s500\s₽/);
    expect(line(/Возврат 500 ₽ запрошен/)).toContain(staffName);
    expect(line(/Заметка: Клиентка попросила чек/)).toContain(staffName);
    expect(line(/Перенесена с .*18:00–18:30 на .*12:00–12:30/)).toContain(staffName);
    expect(line(/Отменена администратором/)).toContain(staffName);
    await page.keyboard.press('Escape');
    await expect.poll(() => day.getByTestId('chain-card').count(), WAIT).toBe(1);
    // The deletion reaches the calendar by a push: wait for the freed cells, as for the card.
    for (const time of ['12:00', '18:00']) await expect.poll(() => adminCell(page, date, time).getAttribute('aria-label'), WAIT).toContain('Свободно');
    expect(errors).toEqual([]);
  });

  it('records the rest of a half-paid transfer booking as received by transfer, and the card turns «Оплачено»', async () => {
    // Next week, on another day than the first journey's (testClock.day(7)), whatever weekday today is.
    const date = nextWeekDays().filter((day) => day !== testClock.day(7)).at(-1)!;
    const staff = await site.stack.staffLogin('admin', 'Ирина');
    const made = await postJson(
      site.stack.commandUrl,
      '/api/bookings',
      { date, time_start: '12:00', time_end: '13:00', phone: '79134440011', name: 'Пётр', amount: 3000, transferPayment: 1, transferPaymentMode: 'prepayment' },
      'POST',
      staff.headers,
    );
    expect(made.status).toBe(201);
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('button', { name: 'Следующая неделя' }).click();
    const card = adminDay(page, date).getByTestId('chain-card');
    await expect.poll(() => card.innerText().catch(() => ''), WAIT).toMatch(/12:00–13:00[\s\S]*Не оплачено/);
    await card.click();
    const modal = page.getByTestId('booking-modal');
    expect(await modal.getByTestId('payment-summary').innerText()).toMatch(/Осталось\s*1\s500\s₽/);

    await modal.getByRole('button', { name: 'Отметить доплату переводом' }).click();
    const amount = modal.getByLabel('Получено переводом, ₽');
    expect(await amount.inputValue()).toBe('1500');
    await amount.fill('0');
    await modal.getByRole('button', { name: 'Подтвердить оплату' }).click();
    await modal.getByText('Введите корректную сумму').waitFor(WAIT);
    await amount.fill('1500');
    await modal.getByRole('button', { name: 'Подтвердить оплату' }).click();
    await modal.getByText('Оплата подтверждена').waitFor(WAIT);
    await expect.poll(() => modal.getByTestId('payment-summary').innerText(), WAIT).toMatch(/Оплачено 100%/);
    await page.keyboard.press('Escape');
    await expect.poll(() => card.innerText(), WAIT).toMatch(/Оплачено/);
    expect(errors).toEqual([]);
  });
});
