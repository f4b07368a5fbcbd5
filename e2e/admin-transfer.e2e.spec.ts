// The admin calendar's transfer (Перенести): the demo administrator opens a guest's paid two hours,
// leaves transfer mode once with Escape, chooses all four half hours, and in transfer mode sees a range reaching into another guest's
// booking previewed as «Занято», is refused on a busy half, then moves the booking to a free
// morning after the question, and finds the card there and the old cells free. Screenshots of
// transfer mode with a hover preview at 1280 and 1024 px.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCell as cell, adminDay as day, ADMIN_WAIT as WAIT, guestPaidBooking, logInAsAdmin } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { testClock } from '@studio/platform/testing';

describe('the admin calendar’s transfer', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  const paidBooking = (date: string, times: string[], contact: { name: string; phone: string }) => guestPaidBooking(site.stack, date, times, contact);

  /** The page at `width` with the pointer on `hovered` again: a resize moves the grid under it. */
  const shot = async (page: Page, width: number, hovered: Locator) => {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await hovered.hover();
    await page.screenshot({ path: path.join(SCREENSHOTS, `admin-transfer-mode-${width}.png`), fullPage: true });
  };

  it('moves a booking to a free range after previewing a taken one and refusing a busy half', async () => {
    const date = testClock.day(7);
    await paidBooking(date, ['14:00-15:00', '15:00-16:00'], { name: 'Анна Смирнова', phone: '+7 (913) 555-12-34' });
    await paidBooking(date, ['17:00-18:00'], { name: 'Борис Орлов', phone: '+7 (913) 555-98-76' });

    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('button', { name: 'Следующая неделя' }).click();
    const cards = day(page, date).getByTestId('chain-card');
    await expect.poll(() => cards.allInnerTexts(), { timeout: 40_000 }).toEqual([expect.stringMatching(/^14:00–16:00[\s\S]*Оплачено/), expect.stringMatching(/^17:00–18:00[\s\S]*Оплачено/)]);

    const openTransfer = async () => {
      await cards.first().click();
      await page.getByTestId('booking-modal').getByRole('button', { name: 'Перенести' }).click();
    };
    const dialog = page.getByTestId('transfer-dialog');
    const banner = page.getByTestId('transfer-banner');

    // Escape leaves transfer mode; keyboard users land on the banner when it opens.
    await openTransfer();
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await banner.waitFor(WAIT);
    await expect.poll(() => banner.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await banner.waitFor({ state: 'detached' });

    await openTransfer();
    const start = dialog.getByLabel('Начальный интервал');
    await start.selectOption({ label: await start.locator('option', { hasText: '14:00–14:30' }).innerText() });
    await dialog.getByLabel('Сколько интервалов').selectOption({ label: '4 интервала · 2 ч' });
    expect(await dialog.getByTestId('transfer-summary').innerText()).toMatch(/^Переносится: .*14:00–16:00 · 2 ч$/);
    await dialog.getByRole('button', { name: 'Продолжить' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await banner.getByTestId('transfer-source').innerText()).toMatch(/14:00–16:00$/);
    expect(await banner.innerText()).toContain('4 интервала');
    expect(await day(page, date).getByTestId('transfer-moving').count()).toBe(1);

    // 16:30–18:30 reaches into Борис's 17:00–18:00.
    await cell(page, date, '16:30').hover();
    const preview = day(page, date).getByTestId('transfer-preview');
    await expect.poll(() => preview.innerText(), WAIT).toMatch(/16:30–18:30[\s\S]*4 интервала[\s\S]*Занято/);
    expect(await banner.getByTestId('transfer-target').innerText()).toMatch(/16:30–18:30\s*Занято/);
    await shot(page, 1280, cell(page, date, '16:30'));
    await shot(page, 1024, cell(page, date, '16:30'));
    expect(await preview.innerText()).toContain('16:30–18:30');
    await page.setViewportSize({ width: 1280, height: 900 });

    await cell(page, date, '17:00').click();
    expect(await banner.getByTestId('transfer-notice').innerText()).toBe('Эта половина уже занята. Выберите свободную.');

    await cell(page, date, '10:00').hover();
    await expect.poll(() => preview.innerText(), WAIT).toMatch(/^10:00–12:00\s*4 интервала$/);
    await cell(page, date, '10:00').click();
    const question = page.getByRole('alertdialog');
    expect(await question.getByRole('heading').innerText()).toMatch(/^Перенести .*14:00–16:00 на .*10:00–12:00\?$/);
    await question.getByRole('button', { name: 'Да, перенести' }).click();

    await expect.poll(() => page.getByTestId('transfer-notice').innerText(), WAIT).toBe('Бронь успешно перенесена');
    expect(await banner.count()).toBe(0);
    await expect.poll(() => cards.allInnerTexts(), WAIT).toEqual([expect.stringMatching(/^10:00–12:00[\s\S]*Анна Смирнова/), expect.stringMatching(/^17:00–18:00/)]);
    const oldCells = () => Promise.all(['14:00', '14:30', '15:00', '15:30'].map((time) => cell(page, date, time).getAttribute('class')));
    await expect.poll(oldCells, WAIT).toEqual(Array(4).fill('acal-cell acal-cell--free'));
    expect(errors).toEqual([]);
  });
});
