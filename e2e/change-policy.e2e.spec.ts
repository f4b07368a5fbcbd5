// Reschedule and cancel in the cabinet by the studio's change policy (issue 23, docs/change-policy.md),
// at desktop width and at 390 px: «Перенести» opens the studio's calendar in reschedule mode with the
// booking's own time named and marked, the customer picks a new range, sees the difference and
// confirms; «Отменить» asks «Отменить бронирование? Вернём X ₽, студия удержит Y ₽».
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '@studio/platform';
import { testClock } from '@studio/platform/testing';
import { freshPhone, registerThroughPage, openCabinetCard } from './account-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { cell, READY } from './calendar-grid';
import { checkoutAtServerPrice, guestIntentBody } from './kit';

const SHOTS = `${SCREENSHOTS}/change-policy`;
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 }, device: {} },
  { name: '390', size: { width: 390, height: 844 }, device: { isMobile: true, hasTouch: true } },
] as const;

describe('rescheduling and cancelling in the cabinet', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  mkdirSync(SHOTS, { recursive: true });
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  /** A paid pochta booking of the signed-in page's customer, 12:00–14:00 on `date`, made through the API with the page's session. */
  async function paidBooking(page: Page, date: string) {
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'session')!;
    const checkout = await checkoutAtServerPrice(site.stack.commandUrl, guestIntentBody(date, ['12:00-13:00', '13:00-14:00'], 0), { cookie: `session=${session.value}` });
    site.stack.payments!.settle(checkout.paymentId, 'paid');
    return checkout;
  }

  /** The cabinet's card of the booking at `time`, opened once it shows `text`. */
  const openCard = (page: Page, time: string, text: string) => openCabinetCard(page, site.stack.baseUrl, time, text);

  for (const [i, viewport] of VIEWPORTS.entries()) {
    it(`moves a booking to another range of its day with nothing to pay, then cancels it with everything back (${viewport.name})`, async () => {
      const tab = await newPage(site.browser, viewport.size, viewport.device);
      tabs.push(tab);
      const { page, errors } = tab;
      await page.goto(`${site.stack.baseUrl}/register`);
      await registerThroughPage(page, site.stack.baseUrl, freshPhone());
      // Within the calendar's first week (a phone's first page), and past pochta's 72 hours.
      const date = testClock.day(4 + i);
      const { price } = await paidBooking(page, date);

      let dialog = await openCard(page, '12:00–14:00', 'Подтверждено');
      await dialog.getByTestId('change-terms').filter({ hasText: 'Перенос: осталось 1.' }).waitFor();
      await dialog.getByRole('button', { name: 'Перенести' }).click();
      await page.waitForURL(`${site.stack.baseUrl}/pochta/reschedule?booking=**`);
      await page.waitForSelector(READY);
      await settled(page);
      await expect.poll(() => page.getByTestId('reschedule-current').innerText()).toContain('12:00–14:00');
      // The booking's own cells are marked as the customer's.
      expect(await cell(page, date, '12:00').getAttribute('data-state')).toBe('user-booked');
      for (const time of ['16:00', '17:00']) await cell(page, date, time).click();
      await expect.poll(() => page.getByTestId('reschedule-difference').innerText(), { timeout: 20_000 }).toBe('Без доплаты');
      await page.screenshot({ path: `${SHOTS}/reschedule-${viewport.name}.png`, fullPage: viewport.name === '390' });

      await page.getByTestId('reschedule-summary').getByRole('button', { name: 'Перенести' }).click();
      const ask = page.getByRole('alertdialog');
      await expect.poll(() => ask.innerText()).toContain('16:00–18:00?');
      await ask.getByRole('button', { name: 'Да, перенести' }).click();
      await page.waitForURL(`${site.stack.baseUrl}/dashboard`);
      await page.getByRole('status').filter({ hasText: 'Бронирование перенесено' }).waitFor();

      dialog = await openCard(page, '16:00–18:00', 'Подтверждено');
      await dialog.getByText('Перенос уже использован', { exact: false }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Перенести' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Отменить' }).click();
      const question = page.getByRole('alertdialog');
      const roubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(price);
      await expect.poll(() => question.innerText()).toContain(`Отменить бронирование? Вернём ${roubles} ₽, студия удержит 0 ₽`);
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/cancel-${viewport.name}.png` });
      await question.getByRole('button', { name: 'Да, отменить' }).click();
      await dialog.getByRole('status').filter({ hasText: 'Бронирование отменено' }).waitFor();
      await dialog.getByText(/^Возвращено \d/).waitFor({ timeout: 40_000 });
      await page.screenshot({ path: `${SHOTS}/canceled-${viewport.name}.png` });
      expect(errors.filter((error) => error.includes(site.stack.baseUrl))).toEqual([]);
    });
  }

  it('lets a super administrator save the studio\'s next policy version in the back-office', async () => {
    const tab = await newPage(site.browser, VIEWPORTS[0].size);
    tabs.push(tab);
    const { page, errors } = tab;
    await page.goto(`${site.stack.baseUrl}/admin`);
    await page.getByLabel('Логин').fill(DEMO_ADMIN.login);
    await page.getByLabel('Пароль').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('tab', { name: 'Отмена и перенос', exact: true }).click();
    // Kirova: the other specs of this file book at pochta, whose version 1 they count on.
    await page.getByRole('tabpanel').getByTestId('policy-version').waitFor({ timeout: 20_000 });
    await page.getByRole('group', { name: 'Студия' }).getByRole('button', { name: 'Кирова' }).click();
    await expect.poll(() => page.getByTestId('policy-version').innerText()).toBe('Действует версия 1');
    const percent = page.getByLabel('Удерживаем при поздней отмене, % стоимости');
    await percent.fill('101');
    await page.getByRole('button', { name: 'Сохранить новую версию' }).click();
    await page.getByRole('alert').filter({ hasText: 'late_cancel_kept_percent' }).waitFor();
    await percent.fill('40');
    await page.getByRole('button', { name: 'Сохранить новую версию' }).click();
    await page.getByRole('status').filter({ hasText: 'Сохранено: действует версия 2' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/policy-editor-desktop.png` });
    await page.setViewportSize(VIEWPORTS[1].size);
    await page.screenshot({ path: `${SHOTS}/policy-editor-390.png`, fullPage: true });
    expect(errors.filter((error) => error.includes(site.stack.baseUrl) && !error.includes('400'))).toEqual([]);
  });
});
