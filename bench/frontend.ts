/// <reference lib="dom" />
// The public site in a real browser: how much JavaScript (gzip) the home page and the booking
// page load, and how long /pochta/booking takes from navigation start until its calendar is
// interactive (the calendar root turns data-calendar-ready="true"). Cold cache every time.
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { openStack } from '../e2e/kit';
import type { BenchSection } from './sections';

const HOME_BUDGET_KB = 170;
const CALENDAR_BUDGET_MS = 1000;
const RUNS = 5;

/**
 * What a page has loaded once it shows its route and no script has been asked for in this long.
 * Playwright's 'networkidle' (500 ms without requests) is no such point on two loaded cores: the
 * entry bundle, or a chunk, can run longer than that before asking for the chunks it imports, and
 * then only the entry bundle was counted (3 files for both pages, where / loads 11).
 */
const SCRIPTS_QUIET_MS = 3_000;
const SCRIPTS_TIMEOUT_MS = 30_000;

/** The route's own page is on screen: the app has rendered and no Suspense shows its loading line. */
const routeShown = () => Boolean(document.querySelector('#root')?.childElementCount) && !document.querySelector('.page-loading');

async function scriptBytes(browser: Browser, url: string): Promise<{ raw: number; gzip: number; files: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  let loading = 0;
  let lastScriptAt = performance.now();
  const isScript = (request: Request) => request.resourceType() === 'script';
  page.on('request', (request) => {
    if (!isScript(request)) return;
    loading += 1;
    lastScriptAt = performance.now();
  });
  const settled = (request: Request) => {
    if (!isScript(request)) return;
    loading -= 1;
    lastScriptAt = performance.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (response) => {
    if (isScript(response.request()) && response.ok()) bodies.push(response.body());
  });
  await page.goto(url);
  await page.waitForFunction(routeShown, undefined, { timeout: SCRIPTS_TIMEOUT_MS });
  const deadline = performance.now() + SCRIPTS_TIMEOUT_MS;
  while (loading > 0 || performance.now() - lastScriptAt < SCRIPTS_QUIET_MS) {
    if (performance.now() > deadline) throw new Error(`${url}: scripts still being asked for after ${SCRIPTS_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const all = await Promise.all(bodies);
  await context.close();
  return {
    raw: all.reduce((sum, body) => sum + body.length, 0),
    gzip: all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    files: all.length,
  };
}

async function calendarReadyMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Record the moment the attribute flips, without polling lag.
  await page.addInitScript(() => {
    const w = window as unknown as { calendarReadyAt?: number };
    new MutationObserver(() => {
      if (w.calendarReadyAt === undefined && document.querySelector('[data-calendar-ready="true"]')) w.calendarReadyAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-calendar-ready'] });
  });
  await page.goto(url);
  await page.waitForSelector('[data-calendar-ready="true"]', { timeout: 20_000 });
  const at = await page.evaluate(() => (window as unknown as { calendarReadyAt?: number }).calendarReadyAt ?? performance.now());
  await context.close();
  return at;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const frontendSection: BenchSection = {
  name: 'frontend',
  title: 'public site: JS loaded per page (gzip) and time to an interactive calendar',
  async run({ redisPrefix, defer }) {
    const browser = await launchBrowser();
    defer(() => browser.close());
    const stack = await openStack({ name: 'bench', gateway: true, prefix: redisPrefix });
    defer(() => stack.stop());
    for (const route of ['/', '/pochta/booking']) {
      const { raw, gzip, files } = await scriptBytes(browser, stack.baseUrl + route);
      const budget = route === '/' ? ` (budget ${HOME_BUDGET_KB} KB: ${gzip / 1024 <= HOME_BUDGET_KB ? 'within' : 'OVER'})` : '';
      console.log(`  JS loaded by ${route}: ${kb(gzip)} KB gzip, ${kb(raw)} KB raw, ${files} files${budget}`);
    }
    // One warm-up load so the stack's first-request costs are not counted.
    await calendarReadyMs(browser, `${stack.baseUrl}/pochta/booking`);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await calendarReadyMs(browser, `${stack.baseUrl}/pochta/booking`));
    const result = median(runs);
    console.log(
      `  /pochta/booking calendar interactive: median ${result.toFixed(0)} ms over ${RUNS} cold loads ` +
        `(${runs.map((r) => r.toFixed(0)).join(', ')}) (budget ${CALENDAR_BUDGET_MS} ms: ${result <= CALENDAR_BUDGET_MS ? 'within' : 'OVER'})`,
    );
  },
};
