/// <reference lib="dom" />
// The public site in a real browser: how much JavaScript (gzip) the home page and the booking
// page load, and how long /pochta/booking takes from navigation start until its calendar is
// interactive (the calendar root turns data-calendar-ready="true"). Cold cache every time.
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import { openStack } from '../e2e/kit';
import type { BenchSection } from './sections';

// docs/performance.md: what the first load of each page may weigh, and how soon the calendar answers.
const BUDGETS_KB: Record<string, number> = { '/': 100, '/pochta/booking': 130 };
const CALENDAR_BUDGET_MS = 600;
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

interface Scripts {
  raw: number;
  gzip: number;
  files: number;
}

/** Records when the calendar turned interactive, without polling lag (an init script of the page). */
function recordCalendarReady() {
  const w = window as unknown as { calendarReadyAt?: number };
  new MutationObserver(() => {
    if (w.calendarReadyAt === undefined && document.querySelector('[data-calendar-ready="true"]')) w.calendarReadyAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-calendar-ready'] });
}

const sum = (bodies: { url: string; body: Buffer }[]): Scripts => ({
  raw: bodies.reduce((total, { body }) => total + body.length, 0),
  gzip: bodies.reduce((total, { body }) => total + gzipSync(body, { level: 9 }).length, 0),
  files: bodies.length,
});

/**
 * The scripts a page loads until they go quiet; with `calendar`, also those asked for before its
 * calendar turned interactive (what the booking page's budget is about: what loads after, such as
 * socket.io for the pushes, does not hold the visitor up).
 */
async function scriptBytes(browser: Browser, url: string, calendar = false): Promise<{ all: Scripts; beforeCalendar?: Scripts }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (calendar) await page.addInitScript(recordCalendarReady);
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
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
    if (isScript(response.request()) && response.ok()) bodies.push(response.body().then((body) => ({ url: response.url(), body })));
  });
  await page.goto(url);
  await page.waitForFunction(routeShown, undefined, { timeout: SCRIPTS_TIMEOUT_MS });
  const deadline = performance.now() + SCRIPTS_TIMEOUT_MS;
  while (loading > 0 || performance.now() - lastScriptAt < SCRIPTS_QUIET_MS) {
    if (performance.now() > deadline) throw new Error(`${url}: scripts still being asked for after ${SCRIPTS_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const all = await Promise.all(bodies);
  // The browser's own record of when each script was asked for, on the page's clock.
  const askedBeforeReady = calendar
    ? await page.evaluate(() => {
        const readyAt = (window as unknown as { calendarReadyAt?: number }).calendarReadyAt ?? Infinity;
        return performance.getEntriesByType('resource').filter((entry) => entry.startTime <= readyAt).map((entry) => entry.name);
      })
    : undefined;
  await context.close();
  return { all: sum(all), ...(askedBeforeReady ? { beforeCalendar: sum(all.filter(({ url }) => askedBeforeReady.includes(url))) } : {}) };
}

async function calendarReadyMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(recordCalendarReady);
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
      const { all, beforeCalendar } = await scriptBytes(browser, stack.baseUrl + route, route !== '/');
      const budget = BUDGETS_KB[route]!;
      const shown = (what: Scripts) => `${kb(what.gzip)} KB gzip, ${kb(what.raw)} KB raw, ${what.files} files`;
      const verdict = (what: Scripts) => `(budget ${budget} KB: ${what.gzip / 1024 <= budget ? 'within' : 'OVER'})`;
      if (beforeCalendar) {
        console.log(`  JS loaded by ${route} before its calendar is interactive: ${shown(beforeCalendar)} ${verdict(beforeCalendar)}`);
        console.log(`  JS loaded by ${route} until its scripts went quiet: ${shown(all)}`);
      } else {
        console.log(`  JS loaded by ${route}: ${shown(all)} ${verdict(all)}`);
      }
    }
    // One warm-up load so the stack's first-request costs are not counted.
    await calendarReadyMs(browser, `${stack.baseUrl}/pochta/booking`);
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await calendarReadyMs(browser, `${stack.baseUrl}/pochta/booking`));
    const result = median(runs);
    console.log(
      `  /pochta/booking calendar interactive: median ${result.toFixed(0)} ms over ${RUNS} cold loads ` +
        `(${runs.map((r) => r.toFixed(0)).join(', ')}) (budget ${CALENDAR_BUDGET_MS} ms: ${result <= CALENDAR_BUDGET_MS ? 'within' : 'OVER'}); load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
  },
};
