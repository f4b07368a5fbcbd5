// A visitor's open pages follow the back-office (issue 10: «the booking page and the server's
// pricing pick changes up at once»): a hall edit shows on the hall page already open; a discount
// staff add leaves the open booking page's figures as they are (a total never changes under the
// cursor) but the next page the visitor opens prices with it, not with the minute-old cache.
import { weekdayOf } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_WAIT as WAIT } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, siteSession, type TestPage } from './browser';
import { READY } from './calendar-grid';
import { postJson, type TestStaffMember } from './kit';
import { testClock } from '@studio/platform/testing';

describe('catalogue changes reach open pages', () => {
  const site = siteSession();
  const tabs: TestPage[] = [];
  let staff: TestStaffMember;
  beforeAll(async () => {
    staff = await site.stack.staffLogin('super', 'Вера');
  });
  afterAll(async () => {
    for (const tab of tabs) await tab.close();
  });

  const open = async (path: string) => {
    const tab = await newPage(site.browser, { width: 1280, height: 900 });
    tabs.push(tab);
    await tab.page.goto(`${site.stack.baseUrl}${path}`);
    return tab;
  };

  it('a discount staff add prices the booking page the visitor opens next, not the one under the cursor', async () => {
    // A day of the first week that no demo discount (Mon and Tue 10%, today 15%) touches.
    const date = [2, 3, 4].map((n) => testClock.day(n)).find((d) => ![1, 2].includes(weekdayOf(d)))!;
    const { page, errors } = await open('/kirova/booking');
    await page.waitForSelector(READY);
    await settled(page);
    const badge = page.locator(`[data-date="${date}"] .cal-day__discount`);
    expect(await badge.count()).toBe(0);
    const added = await postJson(site.stack.commandUrl, '/api/admin/discounts', { name: 'Пятничная', discount_value: 25, discount_type: 'specific_dates', description: date, studio: 'kirova' }, 'POST', staff.headers);
    expect(added.status).toBe(201);
    // The push has come once the hall page, opened meanwhile in another tab, shows a later change.
    const other = await open('/kirova');
    await other.page.getByText(/м²/).first().waitFor(WAIT);
    expect((await postJson(site.stack.commandUrl, '/api/kirova/hall', { hall_size: '87', features: ['Окна в пол'], rules: [{ title: 'Без обуви' }] }, 'PUT', staff.headers)).status).toBe(200);
    await other.page.getByText('87 м²').first().waitFor(WAIT);
    expect(await badge.count()).toBe(0);
    // Over to the hall and back, well inside the minute the figures are cached for.
    await page.getByRole('link', { name: 'Зал', exact: true }).first().click();
    await page.getByRole('link', { name: 'Бронирование', exact: true }).first().click();
    await page.waitForSelector(READY);
    await expect.poll(() => badge.allInnerTexts(), WAIT).toEqual(['−25%']);
    expect(errors).toEqual([]);
  });

  it('a hall edit shows on the hall page a visitor has open', async () => {
    const { page, errors } = await open('/masterskaya');
    await page.getByText(/м²/).first().waitFor(WAIT);
    const saved = await postJson(site.stack.commandUrl, '/api/masterskaya', { hall_size: '111', features: ['Печь-голландка'], rules: [{ title: 'Без обуви' }] }, 'PUT', staff.headers);
    expect(saved.status).toBe(200);
    await page.getByText('111 м²').first().waitFor(WAIT);
    await page.getByText('Печь-голландка').first().waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
