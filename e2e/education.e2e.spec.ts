/// <reference lib="dom" />
// The education page's camera-flight game, played in Chromium on a fixed course (?seed=): started
// by a key or a tap, kept in the air by a controller that flaps whenever the camera sinks below the
// next opening, then left to crash; the game-over screen's buttons, the best score across a reload,
// and the pause while the tab is hidden.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { newPage, SCREENSHOTS, siteSession } from './browser';

const site = siteSession();
const SEED = 7;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

interface Flight {
  phase: string;
  score: number;
  cameraY: number;
  gapY: number;
}

function readFlight(page: Page): Promise<Flight> {
  return page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('.flight-game');
    const canvas = root?.querySelector('canvas');
    return {
      phase: root?.dataset.gameState ?? '',
      score: Number(root?.dataset.score),
      cameraY: Number(canvas?.dataset.cameraY),
      gapY: Number(canvas?.dataset.gapY),
    };
  });
}

/**
 * Flaps whenever the camera is more than 30 units below the middle of the next opening (a flap
 * lifts it about 86, the opening is 180 tall) until the score reaches `target` or the game ends.
 * It runs inside the page, in the game's own animation frames: a controller across the test's
 * round trips (tens of milliseconds each on a busy machine) reacts several ticks late. Its flaps go
 * through the game's real handlers: a space keydown on the page or a touch pointerdown on the canvas.
 */
function flyUntil(page: Page, target: number, input: 'key' | 'touch'): Promise<Flight> {
  return page.evaluate(
    ({ target, input }) =>
      new Promise<Flight>((resolve) => {
        const root = document.querySelector<HTMLElement>('.flight-game');
        const canvas = root?.querySelector('canvas');
        if (!root || !canvas) throw new Error('no game on the page');
        const flap = () =>
          input === 'key'
            ? document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true, cancelable: true }))
            : canvas.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true }));
        const onFrame = () => {
          const flight = {
            phase: root.dataset.gameState ?? '',
            score: Number(root.dataset.score),
            cameraY: Number(canvas.dataset.cameraY),
            gapY: Number(canvas.dataset.gapY),
          };
          if (flight.phase !== 'playing' || flight.score >= target) return resolve(flight);
          if (flight.cameraY > flight.gapY + 30) flap();
          requestAnimationFrame(onFrame);
        };
        requestAnimationFrame(onFrame);
      }),
    { target, input },
  );
}

async function openGame(page: Page, query = `?seed=${SEED}`): Promise<void> {
  await page.goto(`${site.stack.baseUrl}/education${query}`, { waitUntil: 'networkidle' });
  await page.locator('.flight-game[data-game-state="ready"]').waitFor();
}

const scoreOf = async (page: Page) => Number(await page.locator('.flight-game').getAttribute('data-score'));
const bestShown = async (page: Page) => Number(await page.locator('[data-best-score]').textContent());
/** Screenshots show the screens as they settle, not halfway through their fade-in. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: path.join(SCREENSHOTS, name), fullPage: true });
}

const waitForPhase = (page: Page, phase: string) => page.locator(`.flight-game[data-game-state="${phase}"]`).waitFor({ timeout: 15_000 });

describe('education mini-game', () => {
  it('on a desktop: space starts and keeps the camera up, the score rises, a crash offers «Заново» and «В меню», the record survives a reload', async () => {
    const { page, errors, close } = await newPage(site.browser, DESKTOP);
    try {
      await openGame(page);
      expect(await page.getByRole('note').textContent()).toContain('Раздел в разработке');
      expect(await bestShown(page)).toBe(0);
      await screenshot(page, 'desktop-education-ready.png');

      await page.keyboard.press('Space');
      await waitForPhase(page, 'playing');
      const flight = await flyUntil(page, 3, 'key');
      expect(flight).toMatchObject({ phase: 'playing', score: 3 });
      await screenshot(page, 'desktop-education-playing.png');

      // Hands off: the camera falls into the next obstacle or onto the floor.
      await waitForPhase(page, 'over');
      const score = await scoreOf(page);
      expect(score).toBeGreaterThanOrEqual(3);
      expect(await page.locator('.flight-game__final').textContent()).toMatch(new RegExp(`^${score} стой(ка|ки|ек)$`));
      expect(await page.getByText('Новый рекорд!').first().isVisible()).toBe(true);
      expect(await page.locator('[aria-live="polite"]').textContent()).toBe(`Игра окончена. Счёт: ${score}. Новый рекорд!`);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Заново');
      expect(await bestShown(page)).toBe(score);
      await screenshot(page, 'desktop-education-over.png');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Заново' }).click();
      await waitForPhase(page, 'playing');
      expect(await scoreOf(page)).toBe(0);
      await waitForPhase(page, 'over');
      expect(await bestShown(page)).toBe(score);

      await page.getByRole('button', { name: 'В меню' }).click();
      await waitForPhase(page, 'ready');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Играть');

      await page.reload({ waitUntil: 'networkidle' });
      await waitForPhase(page, 'ready');
      expect(await bestShown(page)).toBe(score);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('on a 390 px phone: taps start the flight and keep the camera up; «Заново» is tapped too', async () => {
    const { page, errors, close } = await newPage(site.browser, PHONE, { hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
    try {
      await openGame(page);
      await screenshot(page, 'mobile-education-ready.png');
      const canvas = page.locator('.flight-game canvas');
      const box = await canvas.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(PHONE.width);
      // The backing store follows the device's pixels, so the course is drawn sharp.
      const backingWidth = await canvas.evaluate((element: HTMLCanvasElement) => element.width);
      expect(Math.abs(backingWidth - (box?.width ?? 0) * 3)).toBeLessThanOrEqual(3);
      await canvas.scrollIntoViewIfNeeded();
      const area = await canvas.boundingBox();
      await page.touchscreen.tap((area?.x ?? 0) + (area?.width ?? 0) / 2, (area?.y ?? 0) + (area?.height ?? 0) * 0.2);
      await waitForPhase(page, 'playing');
      expect(await flyUntil(page, 2, 'touch')).toMatchObject({ phase: 'playing', score: 2 });
      await screenshot(page, 'mobile-education-playing.png');

      await waitForPhase(page, 'over');
      await screenshot(page, 'mobile-education-over.png');
      await page.getByRole('button', { name: 'Заново' }).tap();
      await waitForPhase(page, 'playing');
      expect(await scoreOf(page)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('fits a 320 px phone: the course as wide as the screen allows, nothing scrolls sideways', async () => {
    const { page, errors, close } = await newPage(site.browser, { width: 320, height: 568 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    try {
      await openGame(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      const box = await page.locator('.flight-game canvas').boundingBox();
      expect(box?.width).toBeGreaterThan(250);
      expect(box?.x).toBeGreaterThanOrEqual(0);
      await screenshot(page, 'mobile320-education-ready.png');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('stands still while the tab is hidden and flies on when it is back', async () => {
    const { page, errors, close } = await newPage(site.browser, DESKTOP);
    try {
      await openGame(page);
      const setVisibility = (state: 'hidden' | 'visible') =>
        page.evaluate((visibility) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
          document.dispatchEvent(new Event('visibilitychange'));
        }, state);

      await page.keyboard.press('Space');
      await waitForPhase(page, 'playing');
      await setVisibility('hidden');
      const hidden = await readFlight(page);
      expect(hidden.phase).toBe('playing');
      // Unpaused, a second and a half is enough to fall from mid-air onto the floor.
      await page.waitForTimeout(1_500);
      expect(await readFlight(page)).toEqual(hidden);

      await setVisibility('visible');
      // Flying on, with no one pressing, it falls onto the floor.
      await page.waitForFunction((from) => Number(document.querySelector('canvas')?.dataset.cameraY) !== from, hidden.cameraY);
      await waitForPhase(page, 'over');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
