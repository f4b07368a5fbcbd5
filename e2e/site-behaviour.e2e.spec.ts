/// <reference lib="dom" />
// The public site's interactive behaviour in a real browser: lightbox, fallbacks, navigation
// timing, the cabinet link and the resilience screens.
import path from 'node:path';
import { DEFAULT_RULES } from '@studio/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SCREENSHOTS, siteSession } from './browser';

const site = siteSession();
let context: BrowserContext;
let page: Page;

async function open(route: string, viewport = { width: 1280, height: 800 }) {
  context = await site.browser.newContext({ viewport });
  page = await context.newPage();
  await page.goto(site.stack.baseUrl + route, { waitUntil: 'networkidle' });
}

afterEach(async () => {
  await context?.close();
});

describe('hall page lightbox', () => {
  it('opens from a photo, steps with the arrow keys and wraps, closes with Escape and gives scrolling and focus back', async () => {
    await open('/pochta');
    const trigger = page.getByRole('button', { name: 'Открыть фото 1 на весь экран' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Просмотр фотографий' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(await dialog.locator('.lightbox__counter').innerText()).toBe('1 / 6');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Закрыть');

    await page.keyboard.press('ArrowLeft');
    expect(await dialog.locator('.lightbox__counter').innerText()).toBe('6 / 6');
    expect(await dialog.locator('img').getAttribute('alt')).toBe('Фото 6');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.locator('.lightbox__counter').innerText()).toBe('2 / 6');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'desktop-pochta-lightbox.png') });

    await page.keyboard.press('Escape');
    // The close animation runs for 300 ms before the dialog leaves.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.waitFor({ state: 'detached', timeout: 2000 });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Открыть фото 1 на весь экран');
  });

  it('changes the slide only for a drag longer than 20% of the width', async () => {
    await open('/pochta');
    const viewport = page.locator('.carousel__viewport');
    await page.locator('.carousel__open img.is-loaded').first().waitFor();
    const box = (await viewport.boundingBox())!;
    const counter = () => page.locator('.carousel__counter span').innerText();
    const drag = async (share: number) => {
      const y = box.y + box.height / 2;
      const from = box.x + box.width * 0.7;
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(from - box.width * share, y, { steps: 12 });
      await page.mouse.up();
      await page.waitForTimeout(900);
    };
    await drag(0.12);
    expect(await counter()).toBe('01');
    await drag(0.3);
    expect(await counter()).toBe('02');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('lets the track follow a long drag by at most half the width, then moves exactly one slide', async () => {
    await open('/pochta');
    const viewport = page.locator('.carousel__viewport');
    await page.locator('.carousel__open img.is-loaded').first().waitFor();
    const box = (await viewport.boundingBox())!;
    const slideLeft = () => page.locator('.carousel__slide').first().evaluate((el) => el.getBoundingClientRect().left);
    const start = await slideLeft();
    const y = box.y + box.height / 2;
    const from = box.x + box.width * 0.9;
    await page.mouse.move(from, y);
    await page.mouse.down();
    // Sample the track at every step of an 80%-of-the-width drag, with the button still held.
    let furthest = 0;
    for (let step = 1; step <= 16; step++) {
      await page.mouse.move(from - (box.width * 0.8 * step) / 16, y);
      furthest = Math.max(furthest, start - (await slideLeft()));
    }
    await page.waitForTimeout(200);
    furthest = Math.max(furthest, start - (await slideLeft()));
    expect(furthest).toBeLessThanOrEqual(box.width * 0.5 + 1);
    expect(furthest).toBeGreaterThanOrEqual(box.width * 0.5 - 1);
    await page.mouse.up();
    await page.waitForTimeout(900);
    expect(await page.locator('.carousel__counter span').innerText()).toBe('02');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // A plain click still opens the photo that is now in front.
    await page.getByRole('button', { name: 'Открыть фото 2 на весь экран' }).click();
    expect(await page.getByRole('dialog').locator('.lightbox__counter').innerText()).toBe('2 / 6');
  });

  it('keeps Tab focus inside the open dialog', async () => {
    await open('/kirova');
    await page.getByRole('button', { name: 'Открыть фото 1 на весь экран' }).click();
    await page.getByRole('dialog').waitFor();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  });
});

describe('hall data from the catalogue', () => {
  it('shows the seeded hall size, features and the static map card without a maps key', async () => {
    await open('/kirova');
    expect(await page.locator('#hall-size').innerText()).toContain('90 м²');
    expect(await page.locator('.hall__features li').count()).toBeGreaterThan(3);
    expect(await page.locator('.static-map__address').innerText()).toContain('Кирова');
    expect(await page.locator('.studio-map').evaluate((el) => el.getBoundingClientRect().height)).toBe(360);
  });

  it('draws the live map at the studio coordinates with zoom 17, controls and a marker when the maps API is present', async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    // A stand-in for the Yandex Maps 2.1 API, recording what the page asks of it.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { mapCalls: unknown[] }).mapCalls = calls;
      (window as unknown as { ymaps: unknown }).ymaps = {
        ready: (callback: () => void) => callback(),
        Map: class {
          geoObjects = { add: (object: unknown) => calls.push({ added: object }) };
          constructor(element: HTMLElement, state: unknown) {
            calls.push({ map: state });
            element.dataset.live = 'true';
          }
          destroy() {}
        },
        Placemark: class {
          constructor(
            readonly coordinates: number[],
            readonly properties: Record<string, string>,
          ) {}
        },
        geocode: () => Promise.reject(new Error('geocoding is not expected with configured coordinates')),
      };
    });
    await page.goto(`${site.stack.baseUrl}/pochta`, { waitUntil: 'networkidle' });
    await page.locator('.studio-map__live[data-live="true"]').waitFor({ state: 'attached' });
    const calls = await page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { mapCalls: unknown[] }).mapCalls)));
    expect(calls[0]).toEqual({ map: { center: [56.4846, 84.9483], zoom: 17, controls: ['zoomControl', 'fullscreenControl'] } });
    expect(calls[1].added.coordinates).toEqual([56.4846, 84.9483]);
    expect(calls[1].added.properties.hintContent).toContain('Ленина');
    expect(calls[1].added.properties.balloonContent).toContain('56.48460, 84.94830');
    expect(await page.locator('.static-map').count()).toBe(0);
    expect(await page.locator('.studio-map').evaluate((el) => el.getBoundingClientRect().height)).toBe(380);
  });

  it('falls back to the 12 built-in photos and default features when the hall call fails', async () => {
    context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.route('**/api/masterskaya', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`${site.stack.baseUrl}/masterskaya`, { waitUntil: 'networkidle' });
    await page.locator('.carousel__counter').waitFor();
    expect(await page.locator('.carousel__counter').innerText()).toContain('12');
    expect(await page.locator('#hall-size').innerText()).toContain('м²');
  });
});

describe('rules page', () => {
  it('lists the studio rules from the catalogue', async () => {
    await open('/masterskaya/rules');
    await page.locator('.rules__item').first().waitFor();
    expect(await page.locator('.rules__item').count()).toBe(16);
  });

  it('shows the 16 built-in rules when the hall call fails', async () => {
    context = await site.browser.newContext();
    page = await context.newPage();
    await page.route('**/api/pochta', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`${site.stack.baseUrl}/pochta/rules`);
    await page.locator('.rules__item').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('.rules__item').count()).toBe(16);
    expect(await page.locator('.rules__item h3').first().innerText()).toBe(DEFAULT_RULES.pochta[0]!.title);
  });
});

describe('home page', () => {
  it('remembers itself as the last visited page and leaves after the 500 ms exit animation', async () => {
    await open('/');
    // Written by an effect after the first paint, which a loaded machine may not have reached yet.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lastVisitedPage')), { timeout: 10_000 }).toBe('/');
    const started = performance.now();
    await page.getByRole('link', { name: /Кирова/ }).click();
    expect(await page.locator('.app-shell').getAttribute('class')).toContain('is-exiting');
    await page.waitForURL('**/kirova');
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('rotates the active studio on its own and pauses on hover', async () => {
    await open('/');
    const active = () => page.locator('.home-link.is-active .home-link__name').innerText();
    const first = await active();
    await page.waitForFunction((name) => document.querySelector('.home-link.is-active .home-link__name')?.textContent !== name, first, {
      timeout: 4000,
    });
    await page.getByRole('link', { name: /Мастерская/ }).hover();
    await page.waitForTimeout(3500);
    expect(await active()).toBe('Мастерская');
  });

  it('shows the gallery of studio photos on desktop and only the links and credit on a phone', async () => {
    await open('/');
    await page.locator('.home-gallery__tile img').first().waitFor();
    expect(await page.locator('.home-gallery__row').count()).toBe(3);
    const srcs = await page.locator('.home-gallery__tile img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(srcs.some((src) => src?.startsWith('/images/pochta/'))).toBe(true);
    await context.close();

    await open('/', { width: 390, height: 844 });
    expect(await page.locator('.home-gallery').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Nord Pixel/ }).getAttribute('target')).toBe('_blank');
  });
});

describe('studio frame', () => {
  it('links the cabinet to /dashboard for a stored user and to /login otherwise', async () => {
    await open('/pochta');
    expect(await page.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ id: 7, phone: '+79990000000' })));
    await page.reload();
    expect(await page.getByRole('link', { name: 'Личный кабинет' }).getAttribute('href')).toBe('/dashboard');
  });

  it('moves the tab underline to the active tab and slides forward through the tabs', async () => {
    await open('/pochta');
    await page.getByRole('link', { name: 'Правила', exact: true }).click();
    await page.waitForURL('**/pochta/rules');
    // The underline glides over; a loaded machine may take longer than its transition to get there.
    const offset = async () => {
      const [tab, line] = await Promise.all([
        page.getByRole('link', { name: 'Правила', exact: true }).evaluate((el) => el.getBoundingClientRect().left),
        page.locator('.studio-tabs__underline').evaluate((el) => el.getBoundingClientRect().left),
      ]);
      return Math.abs(tab - line);
    };
    await expect.poll(offset, { timeout: 10_000 }).toBeLessThan(1);
    // The URL changes before React renders the new page's slide: read the class once it has.
    const slide = () => page.locator('.page-slide').getAttribute('class');
    await expect.poll(slide).toContain('page-slide--left');
    await page.getByRole('link', { name: 'Зал', exact: true }).click();
    await page.waitForURL(/\/pochta$/);
    await expect.poll(slide).toContain('page-slide--right');
  });
});

describe('resilience', () => {
  it('answers an unknown address with the 404 page', async () => {
    await open('/no-such-page/at-all');
    expect(await page.locator('h1').innerText()).toBe('Такой страницы нет');
  });

  it('reloads once when a page chunk fails to load, then shows the error screen with a reload button', async () => {
    context = await site.browser.newContext();
    page = await context.newPage();
    let loads = 0;
    page.on('load', () => loads++);
    await page.route(/\/assets\/RulesPage-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${site.stack.baseUrl}/kirova/rules`);
    await page.getByRole('heading', { name: 'Что-то пошло не так' }).waitFor({ timeout: 10_000 });
    expect(loads).toBe(2);
    expect(await page.getByRole('button', { name: 'Перезагрузить' }).isVisible()).toBe(true);
  });
});
