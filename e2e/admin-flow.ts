import { DEMO_ADMIN } from '@studio/platform';
import type { Page } from 'playwright-core';
import { checkoutAtServerPrice, guestIntentBody, type Stack } from './kit';

/** Long enough for a push or a 12 s poll to bring a change to the calendar. */
export const ADMIN_WAIT = { timeout: 20_000 };

/** The demo super administrator signs in at /admin and lands on pochta's calendar. */
export async function logInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Логин').fill(DEMO_ADMIN.login);
  await page.getByLabel('Пароль').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  const landed = page.getByRole('heading', { name: 'Календарь — Почта' });
  const refused = page.locator('form').getByRole('alert');
  await landed.or(refused).first().waitFor(ADMIN_WAIT);
  // A refused login would otherwise show up only as a heading that never came.
  if (await refused.isVisible()) throw new Error(`The demo administrator's login was refused: ${await refused.innerText()}`);
}

/** A date's column of the admin calendar. */
export const adminDay = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);

/** A half-hour cell of the admin calendar. */
export const adminCell = (page: Page, date: string, time: string) => adminDay(page, date).locator(`[data-cell="${time}"]`);

/** A guest's hours at pochta, checked out at the server's price and paid in the sandbox. */
export async function guestPaidBooking(stack: Stack, date: string, times: string[], contact: { name: string; phone: string; email?: string; comment?: string }): Promise<void> {
  const checkout = await checkoutAtServerPrice(stack.commandUrl, {
    ...guestIntentBody(date, times, 0),
    contact: { email: 'guest@example.ru', comment: '', ...contact },
  });
  stack.payments!.settle(checkout.paymentId, 'paid');
}
