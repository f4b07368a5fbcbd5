import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const CUSTOMER_PASSWORD = 'fotostudia7';

/** Ten digits after +7 that no other test has registered: the mask types them into +7 (9XX) XXX-XX-XX. */
export const freshPhone = (): string => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** On /register: registers Анна Иванова with `phone` (the sandbox captcha) and waits for the cabinet. */
export async function registerThroughPage(page: Page, baseUrl: string, phone: string): Promise<void> {
  await page.getByLabel('Имя').fill('Анна');
  await page.getByLabel('Фамилия').fill('Иванова');
  await page.getByLabel('Email').fill('anna@example.ru');
  await page.getByLabel('Телефон').pressSequentially(phone);
  await page.getByLabel('Пароль', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Повторите пароль').fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Я не робот (тестовая проверка)').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/** In the cabinet: types `code` into «Подтвердите телефон» and waits for the prompt to go (the phone verified). */
export async function verifyPhoneThroughPage(page: Page, code: string): Promise<void> {
  const prompt = page.getByRole('region', { name: 'Подтвердите телефон' });
  await prompt.getByLabel('Код из SMS').fill(code);
  await prompt.getByRole('button', { name: 'Подтвердить' }).click();
  await prompt.waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Opens the cabinet's card of the booking at `time` once its dialog says `text` (a payment or a
 * change reaches the cabinet's list asynchronously): reloads the cabinet until it does.
 */
export async function openCabinetCard(page: Page, baseUrl: string, time: string, text: string) {
  const dialog = page.getByRole('dialog');
  await expect
    .poll(
      async () => {
        if (await dialog.count()) await page.keyboard.press('Escape');
        await page.goto(`${baseUrl}/dashboard`);
        const card = page.getByTestId('booking-card').filter({ hasText: time }).first();
        await card.waitFor({ timeout: 20_000 });
        await card.click();
        await dialog.waitFor();
        return dialog.innerText();
      },
      { timeout: 40_000, interval: 1_000 },
    )
    .toContain(text);
  return dialog;
}
