// The hall tab (issue 10): the demo super administrator uploads a PNG and a HEIC (and a text named
// .jpg, refused by the server), waits for both to be made web images, edits the size, a feature and
// the rules, puts the HEIC first and saves; the public hall page then shows both new photos and the
// rules page the renumbered rules, without a rebuild.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_WAIT as WAIT, logInAsAdmin } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, SCREENSHOTS, siteSession, type TestPage } from './browser';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('the hall tab', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  it('uploads a PNG and a HEIC, edits the texts, saves, and the public pages show it all', async () => {
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    const { page, errors } = tab;
    await logInAsAdmin(page, site.stack.baseUrl);
    await page.getByRole('button', { name: 'Кирова' }).click();
    await page.getByRole('tab', { name: 'Зал' }).click();
    const form = page.getByRole('form', { name: 'Данные зала' });
    await form.waitFor(WAIT);
    const before = await form.getByTestId('hall-photo').count();

    await form.locator('input[type="file"]').setInputFiles([fixture('hall-photo.png'), fixture('hall-photo.heic'), fixture('not-a-photo.jpg')]);
    const rows = form.getByTestId('hall-upload');
    await expect.poll(() => rows.allInnerTexts(), { timeout: 30_000 }).toEqual([
      expect.stringMatching(/hall-photo\.png[\s\S]*готово/),
      expect.stringMatching(/hall-photo\.heic[\s\S]*готово/),
      expect.stringMatching(/not-a-photo\.jpg[\s\S]*ошибка: Файл «not-a-photo\.jpg» — не изображение/),
    ]);
    const photos = form.getByTestId('hall-photo');
    expect(await photos.count()).toBe(before + 2);

    await form.getByLabel('Площадь зала').fill('90');
    await form.getByRole('button', { name: 'Добавить особенность' }).click();
    await form.getByLabel(/^Особенность \d+$/).last().fill('Гримёрка с душем');
    const firstRule = await form.getByLabel('Правило 2: заголовок').inputValue();
    await form.getByRole('button', { name: 'Удалить правило 1', exact: true }).click();
    expect(await form.getByLabel('Правило 1: заголовок').inputValue()).toBe(firstRule);
    // The last upload to be ready (either may finish first) goes first: step by step to the left.
    for (let index = before + 1; index > 0; index -= 1) await form.getByRole('button', { name: `Фото ${index + 1} левее`, exact: true }).click();
    const order = await photos.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    expect(order[0]).toMatch(/^\/media\/halls\/kirova\//);
    expect(await form.getByText('Есть несохранённые изменения').count()).toBe(1);
    await settled(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-hall-1280.png'), fullPage: true });

    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Данные зала сохранены').waitFor(WAIT);
    await expect.poll(() => form.getByText('Есть несохранённые изменения').count(), WAIT).toBe(0);

    // The public hall page, in a visitor's browser: the new photos load from /media.
    const visitor = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(visitor);
    await visitor.page.goto(`${site.stack.baseUrl}/kirova`);
    await visitor.page.getByText('90 м²').first().waitFor(WAIT);
    // Both web images load (the HEIC 64 px wide, the PNG turned upright, 40), the moved one first, as saved.
    const media = visitor.page.locator('img[src^="/media/halls/kirova/"]');
    const loaded = () => media.evaluateAll((images) => images.map((image) => [image.getAttribute('src'), (image as HTMLImageElement).naturalWidth] as const));
    await expect.poll(async () => new Set((await loaded()).map(([, width]) => width)), WAIT).toEqual(new Set([64, 40]));
    expect((await loaded())[0]?.[0]).toBe(order[0]);
    expect(await visitor.page.getByText('Гримёрка с душем').count()).toBeGreaterThan(0);
    await visitor.page.goto(`${site.stack.baseUrl}/kirova/rules`);
    await visitor.page.getByText(firstRule).first().waitFor(WAIT);
    // The one error the browser logs is the server refusing the text file.
    expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/kirova\/photos\)$/)]);
  });
});
