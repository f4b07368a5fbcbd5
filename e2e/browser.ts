import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '@studio/domain';
import { testClock } from '@studio/platform/testing';
import { openStack, type Stack } from './kit';

/** The system Chromium; tests never download a browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page exceptions, in order; a clean page leaves it empty. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A page in its own context (fresh storage) at the given viewport, recording every error it logs.
 * Its clock starts where the stack's does (the test clock, TEST_TODAY) and runs at real speed, so
 * the page's "today" is the services' today.
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  device: Pick<BrowserContextOptions, 'hasTouch' | 'isMobile' | 'deviceScaleFactor'> = {},
  clock: Clock = testClock,
): Promise<TestPage> {
  const context = await browser.newContext({ viewport, locale: 'ru-RU', timezoneId: 'Asia/Tomsk', ...device });
  await context.clock.install({ time: clock.now() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url || 'page'})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, context, errors, close: () => context.close() };
}

/** Where browser tests save screenshots for review. */
export const SCREENSHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));

export interface SiteSession {
  stack: Stack;
  browser: Browser;
}

/**
 * Starts the whole stack and a browser before the calling file's tests and stops both after; the
 * returned object is filled in once `beforeAll` has run.
 */
export function siteSession(): SiteSession {
  const session: Partial<SiteSession> = {};
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [session.stack, session.browser] = await Promise.all([openStack({ name: 'e2e', gateway: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.stack?.stop();
  });
  return session as SiteSession;
}
