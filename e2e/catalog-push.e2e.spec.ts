// A visitor's open pages follow the back-office (issue 10: «the booking page and the server's
// pricing pick changes up at once»): a discount staff add for a day shows on the booking page
// already open, and a hall edit on the hall page already open, without a reload.
import { addDays, tomskToday, weekdayOf } from '@studio/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_WAIT as WAIT } from './admin-flow';
import { settled } from './booking-flow';
import { newPage, siteSession, type TestPage } from './browser';
import { READY } from './calendar-grid';
import { postJson, type TestStaffMember } from './kit';

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

  it('a discount staff add shows on the booking page a visitor has open', async () => {
    // A day of the first week that no demo discount (Mon and Tue 10%, today 15%) touches.
    const date = [2, 3, 4].map((n) => addDays(tomskToday(new Date()), n)).find((d) => ![1, 2].includes(weekdayOf(d)))!;
    const { page, errors } = await open('/kirova/booking');
    await page.waitForSelector(READY);
    await settled(page);
    const badge = page.locator(`[data-date="${date}"] .cal-day__discount`);
    expect(await badge.count()).toBe(0);
    const added = await postJson(site.stack.commandUrl, '/api/admin/discounts', { name: 'Пятничная', discount_value: 25, discount_type: 'specific_dates', description: date, studio: 'kirova' }, 'POST', staff.headers);
    expect(added.status).toBe(201);
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
