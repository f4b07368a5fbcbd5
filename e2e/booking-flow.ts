import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { cell, READY } from './calendar-grid';

/** Waits for the page's finite animations (the page-slide entrance): a click mid-slide would scroll the grid. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))),
  );
}

/** Opens a studio's calendar (pochta's by default), picks the hours starting at `times` on `date`, then goes on to step 2. */
export async function pickHours(page: Page, baseUrl: string, date: string, times: readonly string[], studio = 'pochta'): Promise<void> {
  await page.goto(`${baseUrl}/${studio}/booking`);
  await page.waitForSelector(READY);
  await settled(page);
  for (const time of times) await cell(page, date, time).click();
  await page.locator('.cal-summary__next').click();
  await page.getByRole('heading', { name: 'Формат съёмки' }).waitFor();
}

/** From step 2, past the services, to the contacts. */
export async function toContacts(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('heading', { name: 'Дополнительные услуги' }).waitFor();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('heading', { name: 'Контакты и оплата' }).waitFor();
}

/** Fills the contacts, accepts the rules and submits; the page leaves for the provider's checkout. */
export async function submitAsGuest(page: Page, baseUrl: string, contact: { name: string; phoneDigits: string; email: string }): Promise<void> {
  await page.locator('#name').fill(contact.name);
  await page.locator('#phone').pressSequentially(contact.phoneDigits);
  await page.locator('#email').fill(contact.email);
  await page.locator('.check').click();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await page.waitForURL((url) => !url.href.startsWith(baseUrl), { timeout: 20_000 });
}

/** From step 2, with the default format and no services: fills the contacts and goes to the provider's checkout page. */
export async function checkoutAsGuest(page: Page, baseUrl: string, contact: { name: string; phoneDigits: string; email: string }): Promise<void> {
  await toContacts(page);
  await submitAsGuest(page, baseUrl, contact);
}

/**
 * At step 2: chooses «С фотографом» and waits until a free photographer is chosen, which comes with
 * the photographers' availability (docs/photographers.md): «Далее» before it would stop at the
 * empty choice, as it would for a visitor.
 */
export async function chooseWithPhotographer(page: Page): Promise<void> {
  await page.getByText('С фотографом', { exact: true }).click();
  await expect.poll(() => page.locator('#photographer').inputValue().catch(() => ''), { timeout: 20_000 }).not.toBe('');
}
