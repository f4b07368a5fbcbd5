// The admin calendar: the demo super administrator logs in and finds a guest's paid booking as a
// «Оплачено» card in next week's grid, switches to the day view and back, opens the booking with
// the client's links and its history, and chooses two free cells for «на 2 слота». Screenshots of
// the week, the day and the modal at 1280 and 1024 px, and the week on a 390 px phone.
import path from 'node:path';
import { addDays } from '@studio/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminDay as day, ADMIN_WAIT as WAIT, guestPaidBooking, logInAsAdmin } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { testClock } from '@studio/platform/testing';

const LONG_COMMENT = `Нужен белый фон и два источника света. ${'Приедем с реквизитом и собакой. '.repeat(8)}`;

describe('the admin calendar', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  async function openAsAdmin(viewport = { width: 1280, height: 900 }): Promise<TestPage> {
    const tab = await newPage(site.browser, viewport);
    tabs.push(tab);
    await logInAsAdmin(tab.page, site.stack.baseUrl);
    return tab;
  }

  const shot = async (page: Page, name: string, width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  };

  it('shows a paid booking as a chain, the day view, the modal with links and history, and a two-cell selection', async () => {
    const today = testClock.today();
    const date = addDays(today, 7);
    await guestPaidBooking(site.stack, date, ['14:00-15:00', '15:00-16:00'], { name: 'Анна Смирнова', phone: '+7 (913) 555-12-34', email: 'anna@example.ru', comment: LONG_COMMENT });
    const { page, errors } = await openAsAdmin();

    expect(await page.getByTestId('day-head').count()).toBe(7);
    const thisWeek = await page.getByTestId('calendar-period').innerText();
    expect(thisWeek).toMatch(/^[А-Я][а-я]+( \d{4})?( – [А-Я][а-я]+)? \d{4}$/);
    expect(await day(page, today).count()).toBe(1);
    await page.getByRole('button', { name: 'Следующая неделя' }).click();
    await day(page, date).waitFor(WAIT);
    expect(await day(page, today).count()).toBe(0);

    // The payment reaches the calendar by itself (the bookingChange push), without a reload.
    const card = day(page, date).getByTestId('chain-card');
    await expect.poll(() => card.innerText().catch(() => ''), { timeout: 40_000 }).toMatch(/14:00–16:00[\s\S]*Анна Смирнова[\s\S]*Оплачено/);
    expect(await card.count()).toBe(1);
    await card.hover();
    await card.getByText(/…$/).waitFor(WAIT);
    await page.mouse.move(0, 0);
    await shot(page, 'admin-calendar-week', 1280);
    await shot(page, 'admin-calendar-week', 1024);

    await page.getByRole('button', { name: 'День', exact: true }).click();
    expect(await page.getByTestId('day-head').count()).toBe(1);
    await page.getByRole('button', { name: 'Следующий день' }).click();
    await page.getByRole('button', { name: 'Предыдущий день' }).click();
    await day(page, date).getByTestId('chain-card').waitFor(WAIT);
    await shot(page, 'admin-calendar-day', 1280);
    await shot(page, 'admin-calendar-day', 1024);
    await page.getByRole('button', { name: 'Неделя', exact: true }).click();
    expect(await page.getByTestId('day-head').count()).toBe(7);

    await page.setViewportSize({ width: 1280, height: 900 });
    await card.click();
    const modal = page.getByRole('dialog');
    await modal.waitFor(WAIT);
    expect(await modal.getByTestId('client-name').innerText()).toBe('Анна Смирнова');
    expect(await modal.getByRole('link', { name: 'Позвонить' }).getAttribute('href')).toBe('tel:+79135551234');
    expect(await modal.getByRole('link', { name: 'Написать в Telegram' }).getAttribute('href')).toBe('https://t.me/+79135551234');
    expect(await modal.getByRole('link', { name: 'Написать письмо' }).getAttribute('href')).toBe('mailto:anna@example.ru');
    expect(await modal.getByTestId('booking-intervals').innerText()).toContain('14:00–16:00');
    expect(await modal.getByTestId('payment-summary').innerText()).toContain('Оплачено 100%');
    const history = modal.getByTestId('booking-history').getByRole('listitem');
    await expect.poll(() => history.count(), WAIT).toBeGreaterThan(1);
    expect(await history.first().innerText()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    await shot(page, 'admin-calendar-modal', 1280);
    await shot(page, 'admin-calendar-modal', 1024);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Выбрать несколько' }).click();
    await day(page, date).locator('[data-cell="10:00"]').click();
    await day(page, date).locator('[data-cell="10:30"]').click();
    expect(await day(page, date).locator('[data-cell="10:30"]').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Создать бронь (2)' }).click();
    const create = page.getByRole('dialog');
    expect(await create.getByRole('heading', { level: 2 }).innerText()).toBe('Создание новой брони на 2 слота');
    expect(await create.getByTestId('create-duration').innerText()).toBe('Всего: 1 ч');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Очистить выбор' }).click();
    expect(await page.getByRole('button', { name: 'Создать бронь (0)' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fits the week on a 390 px phone by scrolling the grid sideways', async () => {
    const { page } = await openAsAdmin({ width: 390, height: 844 });
    await settled(page);
    // Whatever sticks out (beyond the two rows that scroll sideways) is named, so a failure says what to fix.
    const wider = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *')).filter((element) => element.getBoundingClientRect().right > 391 && !element.closest('.acal__sheet, .admin__tabs')).map((element) => element.className),
    );
    expect(wider).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-calendar-week-390.png'), fullPage: true });
  });
});
