/// <reference lib="dom" />
// Every public route renders at desktop and phone widths without a console error, is saved as a
// screenshot for review, and passes axe without serious or critical violations.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { newPage, SCREENSHOTS, siteSession } from './browser';

const ROUTES = [
  '/',
  '/pochta',
  '/pochta/booking',
  '/pochta/rules',
  '/kirova',
  '/kirova/booking',
  '/kirova/rules',
  '/masterskaya',
  '/masterskaya/booking',
  '/masterskaya/rules',
  '/education',
  '/login',
  '/register',
  '/dashboard',
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
];

const site = siteSession();

describe.each(VIEWPORTS)('public pages at $name width', (viewport) => {
  it.each(ROUTES)('%s renders cleanly and accessibly', async (route) => {
    const { page, errors, close } = await newPage(site.browser, viewport);
    try {
      await page.goto(site.stack.baseUrl + route, { waitUntil: 'networkidle' });
      // Loaded means the page's own content replaced every loading text.
      await page.waitForFunction(() => !/Загрузка/.test(document.body.innerText), undefined, { timeout: 15_000 });
      // A page that sends a guest elsewhere (/dashboard → /login) shows its heading once there.
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 15_000 });
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${viewport.name}${route === '/' ? '-home' : route.replaceAll('/', '-')}.png`),
        fullPage: true,
      });
      expect(errors).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
