import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { testClock } from '@studio/platform/testing';
import { openStack, type Stack } from './kit';

describe('the local stack behind the gateway', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await openStack({ name: 'e2e', gateway: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('serves the single-page app for / and for client routes', async () => {
    for (const route of ['/', '/kirova/rules']) {
      const response = await fetch(`${stack.baseUrl}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toMatch(/<script[^>]+type="module"/);
    }
  });

  it('answers the seeded hall through the gateway', async () => {
    const response = await fetch(`${stack.baseUrl}/api/pochta`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: { hall_size: string; photos: string[]; rules: { number: number }[]; features: string[] } };
    expect(body.success).toBe(true);
    expect(body.data.hall_size).toBe('65 м²');
    expect(body.data.photos[0]).toBe('/images/pochta/pochta-1.jpg');
    expect(body.data.rules).toHaveLength(16);
    expect(body.data.features.length).toBeGreaterThanOrEqual(6);
    // The seeded photo exists as a file the gateway serves.
    expect((await fetch(`${stack.baseUrl}${body.data.photos[0]}`)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('routes POST /api/holds to command-api, and the calendar then shows the cells taken', async () => {
    const date = testClock.day(10);
    const hold = await fetch(`${stack.baseUrl}/api/holds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ studio: 'kirova', date, cells: ['14:00', '14:30'], occupant: { phone: '79991234567' } }),
    });
    expect(hold.status).toBe(201);
    const held = (await hold.json()) as { success: boolean; holdId: string; position: string };
    expect(held.success).toBe(true);

    const slots = await fetch(`${stack.baseUrl}/api/kirova/calendar/slots?startDate=${date}&endDate=${date}`, { headers: { 'X-Read-Position': held.position } });
    const calendar = (await slots.json()) as { data: Record<string, { slots: Record<string, { available: boolean }> }> };
    expect(calendar.data[date]?.slots['14:00-14:30']?.available).toBe(false);
    expect(calendar.data[date]?.slots['15:00-15:30']?.available).toBe(true);

    const again = await fetch(`${stack.baseUrl}/api/holds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ studio: 'kirova', date, cells: ['14:30'] }),
    });
    expect(again.status).toBe(409);
  });

  it('answers 502 in Russian while query-api is down, and recovers when it is back', async () => {
    await stack.stopQueryApi();
    const down = await fetch(`${stack.baseUrl}/api/pochta`);
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ success: false, error: 'Сервис временно недоступен', code: 'upstream_unavailable' });
    await stack.startQueryApi();
    expect((await fetch(`${stack.baseUrl}/api/pochta`)).status).toBe(200);
  });

  it('renders the home page in Chromium without console errors', async () => {
    const { page, errors, close } = await newPage(browser, { width: 1280, height: 800 });
    try {
      await page.goto(stack.baseUrl, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('a[href="/pochta"]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
