// Shared equipment and staff bookings' photographers in the browser (issue 22, docs/photographers.md):
// the booking page's step 3 does not offer a 1-piece item one booking holds for an overlapping
// selection and offers it for a free hour; the super administrators' «Оборудование» tab lists,
// creates and edits items, with the server's refusal under its field; the admin calendar's create
// form books a photographer, and the card names them. Screenshots under e2e/screenshots/equipment/.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogAggregate, catalogStream, PHOTOGRAPHERS_STREAM, photographersAggregate, type Studio } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { testClock } from '@studio/platform/testing';
import type { Page } from 'playwright-core';
import { adminDay, ADMIN_WAIT as WAIT, logInAsAdmin } from './admin-flow';
import { pickHours, settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';
import { checkoutAtServerPrice, guestIntentBody, postJson } from './kit';

const shots = path.join(SCREENSHOTS, 'equipment');

describe('shared equipment and staff bookings\' photographers', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });
  const open = async (width: number) => {
    const tab = await newPage(site.browser, { width, height: 900 });
    tabs.push(tab);
    return tab;
  };
  const shot = async (page: Page, name: string) => {
    await settled(page);
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };
  const commands = () => createCommandHandler(site.stack.store);
  const firstService = async (studio: Studio) => {
    const [id, service] = Object.entries((await commands().read(catalogAggregate, catalogStream(studio))).state.services)[0]!;
    return { id, name: service.name };
  };
  /** Sets the one-piece smoke machine as pochta's and kirova's first services, once. */
  let fog: Promise<{ pochta: { id: string; name: string }; kirova: { id: string; name: string } }> | undefined;
  const smokeMachine = () =>
    (fog ??= (async () => {
      const [pochta, kirova] = await Promise.all([firstService('pochta'), firstService('kirova')]);
      const boss = await site.stack.staffLogin('super', 'Ирина');
      const set = await postJson(site.stack.commandUrl, '/api/equipment/fog', { name: 'Дым-машина', count: 1, serviceIds: [pochta.id, kirova.id] }, 'PUT', boss.headers);
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      return { pochta, kirova };
    })());

  it('step 3 does not offer a one-piece item one booking holds for an overlapping hour, and offers it for a free one', async () => {
    const { pochta: service, kirova } = await smokeMachine();
    const date = testClock.day(5);
    // Kirova's booking holds the one machine: pochta's hall is free at that hour, its service is not.
    await checkoutAtServerPrice(site.stack.commandUrl, { ...guestIntentBody(date, ['12:00-13:00'], 0), studio: 'kirova', services: [kirova.id] });

    const toServices = async (tab: TestPage, time: string) => {
      await pickHours(tab.page, site.stack.baseUrl, date, [time]);
      await tab.page.getByRole('button', { name: 'Далее' }).click();
      await tab.page.getByRole('heading', { name: 'Дополнительные услуги' }).waitFor(WAIT);
      return tab.page.locator('.service-option').filter({ hasText: service.name });
    };
    for (const width of [1280, 390]) {
      const tab = await open(width);
      const option = await toServices(tab, '12:00');
      await option.getByText('Нет свободных на это время').waitFor(WAIT);
      expect(await option.getByRole('checkbox').isDisabled()).toBe(true);
      await shot(tab.page, `step3-taken-${width}`);
      expect(tab.errors).toEqual([]);
    }
    const free = await open(1280);
    const option = await toServices(free, '15:00');
    await expect.poll(() => option.getByRole('checkbox').isEnabled(), WAIT).toBe(true);
    expect(await option.getByText('Нет свободных на это время').count()).toBe(0);
    await option.getByRole('checkbox').check();
    await shot(free.page, 'step3-free-1280');
    expect(free.errors).toEqual([]);
  });

  it('the «Оборудование» tab lists the items, adds one, shows the server\'s refusal at its field, and asks before lowering a count', async () => {
    const fogService = (await smokeMachine()).pochta;
    const masterskaya = await firstService('masterskaya');
    const tab = await open(1280);
    const { page } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('tab', { name: 'Оборудование' }).click();
    const rows = page.locator('.staff-table tbody tr');
    await rows.filter({ hasText: 'Дым-машина' }).getByText(`Почта: ${fogService.name}`).waitFor(WAIT);

    await page.getByRole('button', { name: 'Добавить оборудование' }).click();
    const modal = page.getByTestId('equipment-modal');
    await modal.getByLabel('Название').fill('Стойка для фона');
    await modal.getByLabel('Количество, шт.').fill('2');
    await modal.locator('.equipment__studio').filter({ hasText: 'Мастерская' }).getByLabel(masterskaya.name).check();
    await shot(page, 'form-1280');
    await modal.getByRole('button', { name: 'Добавить' }).click();
    await page.getByRole('status').getByText('Оборудование добавлено').waitFor(WAIT);
    const stand = rows.filter({ hasText: 'Стойка для фона' });
    await stand.getByText(`Мастерская: ${masterskaya.name}`).waitFor(WAIT);

    // A service already another item's: the server's 409 shows under the services.
    await page.getByRole('button', { name: 'Добавить оборудование' }).click();
    await modal.getByLabel('Название').fill('Вторая дым-машина');
    await modal.locator('.equipment__studio').filter({ hasText: 'Почта' }).getByLabel(fogService.name).check();
    await modal.getByRole('button', { name: 'Добавить' }).click();
    await modal.getByRole('alert').getByText('Услуга уже относится к оборудованию «Дым-машина»').waitFor(WAIT);
    await shot(page, 'form-refused-1280');
    await modal.getByRole('button', { name: 'Отмена' }).click();

    await stand.getByRole('button', { name: 'Изменить «Стойка для фона»' }).click();
    await modal.getByLabel('Количество, шт.').fill('1');
    await modal.getByRole('button', { name: 'Сохранить' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Уменьшить количество «Стойка для фона» с 2 до 1?').waitFor(WAIT);
    await shot(page, 'lower-count-1280');
    await confirm.getByRole('button', { name: 'Уменьшить' }).click();
    await page.getByRole('status').getByText('Оборудование сохранено').waitFor(WAIT);
    await expect.poll(() => stand.locator('td').nth(1).innerText(), WAIT).toBe('1');
    await shot(page, 'list-1280');
    // The one refusal asked for above.
    expect(tab.errors).toEqual([expect.stringMatching(/status of 409 \(Conflict\) \(http:\/\/[^)]+\/api\/equipment\/[\w-]+\)$/)]);

    const phone = await open(390);
    await logInAsAdmin(phone.page, site.stack.baseUrl);
    await phone.page.getByRole('tab', { name: 'Оборудование' }).click();
    await phone.page.locator('.staff-table tbody tr').filter({ hasText: 'Стойка для фона' }).waitFor(WAIT);
    await shot(phone.page, 'list-390');
    await phone.page.getByRole('button', { name: 'Добавить оборудование' }).click();
    await phone.page.getByTestId('equipment-modal').getByLabel('Название').waitFor(WAIT);
    await shot(phone.page, 'form-390');
    expect(phone.errors).toEqual([]);
  });

  it('the admin calendar\'s create form books a photographer, and the card names them', async () => {
    const { state } = await commands().read(photographersAggregate, PHOTOGRAPHERS_STREAM);
    const photographer = Object.values(state.photographers)[0]!;
    const date = testClock.day(7);
    const tab = await open(1280);
    const { page } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('button', { name: 'Следующая неделя' }).click();
    const day = adminDay(page, date);
    await day.waitFor(WAIT);
    await page.getByRole('button', { name: 'Выбрать несколько' }).click();
    await day.locator('[data-cell="16:00"]').click();
    await day.locator('[data-cell="16:30"]').click();
    await page.getByRole('button', { name: 'Создать бронь (2)' }).click();
    const create = page.getByTestId('create-modal');
    await create.waitFor(WAIT);
    await create.getByLabel('Телефон').pressSequentially('9135550011');
    await create.getByLabel('Имя', { exact: true }).fill('Глеб');
    await create.getByText('Без оплаты сейчас').click();
    const select = create.getByLabel('Фотограф');
    await expect.poll(() => select.locator('option').allInnerTexts(), WAIT).toContain(photographer.name);
    await select.selectOption({ label: photographer.name });
    await shot(page, 'staff-create-photographer-1280');
    await create.getByRole('button', { name: 'Создать бронь' }).click();
    await create.getByTestId('create-result').getByText('Бронь успешно создана').waitFor(WAIT);
    await create.getByTestId('create-result').getByRole('button', { name: 'Закрыть' }).click();
    const card = day.getByTestId('chain-card');
    await expect.poll(() => card.innerText().catch(() => ''), WAIT).toContain(`Фотограф: ${photographer.name}`);
    await shot(page, 'staff-card-photographer-1280');
    expect(tab.errors).toEqual([]);
  });
});
