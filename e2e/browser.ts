import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** A page in its own context (fresh storage) at the given viewport, recording every error it logs. */
export async function newPage(browser: Browser, viewport: { width: number; height: number } = { width: 1280, height: 800 }): Promise<TestPage> {
  const context = await browser.newContext({ viewport, locale: 'ru-RU', timezoneId: 'Asia/Tomsk' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url || 'page'})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { page, context, errors, close: () => context.close() };
}
