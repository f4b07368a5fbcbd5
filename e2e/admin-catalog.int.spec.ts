// What a change to the catalogue does to bookings already made (issue 10): a service staff delete
// stays readable on the bookings that have it, and a price change reaches new bookings only; a
// booking keeps the price it was sold at, since its price lines are recorded when it is placed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '@studio/domain';
import { checkoutAtServerPrice, futureDate, guestIntentBody, openStack, postJson, type Stack, type TestStaffMember } from './kit';

let stack: Stack;
let staff: TestStaffMember;
beforeAll(async () => {
  stack = await openStack({ name: 'admin_catalog', commandApi: true, queryApi: true, projections: true });
  staff = await stack.staffLogin('super');
});
afterAll(() => stack?.stop());

const write = async (path: string, body: unknown, method = 'POST') => {
  const res = await postJson(stack.commandUrl, path, body, method, staff.headers);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as { data: { id: string }; position: string };
};
const guestBooks = (studio: Studio, date: string, services: { id: string }[] = []) =>
  checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(date, ['12:00-13:00'], 0), studio, services });
/** The back-office's rows of a studio's bookings on `date`. */
const adminRows = async (studio: Studio, date: string) =>
  (await stack.query(`/api/${studio}/bookings/all?startDate=${date}&endDate=${date}`, staff.headers)).body.bookings as { services: unknown; total_price: number }[];

describe('a catalogue change and the bookings already made', () => {
  it('a deleted service is no longer offered, and stays on the booking that has it with the name and price it was sold at', async () => {
    const service = await write('/api/kirova/services', { name: 'Дым-машина', price: 700, format: 'infilming' });
    const date = futureDate();
    const sold = await guestBooks('kirova', date, [{ id: service.data.id }]);
    const removed = await write(`/api/kirova/services/${service.data.id}`, undefined, 'DELETE');
    await stack.caughtUp(removed.position);

    expect((await stack.query('/api/kirova/services')).body.data).toEqual([]);
    expect(await adminRows('kirova', date)).toEqual([expect.objectContaining({ services: [{ name: 'Дым-машина', price: 700 }], total_price: sold.price })]);
    const again = await postJson(stack.commandUrl, '/api/bookings/intent', { ...guestIntentBody(futureDate(), ['12:00-13:00'], sold.price), studio: 'kirova', services: [{ id: service.data.id }] });
    expect(again.body).toMatchObject({ success: false, code: 'service_not_found' });
  });

  it('a changed price list is charged to new bookings, while a booking placed before keeps its total', async () => {
    const list = await write('/api/masterskaya/prices', { hour_price: 2000, half_hour_price: 1000 });
    const earlier = futureDate();
    const before = await guestBooks('masterskaya', earlier);
    expect(before.price).toBe(2000);

    const changed = await write(`/api/masterskaya/prices/${list.data.id}`, { hour_price: 3100, half_hour_price: 1700 }, 'PUT');
    await stack.caughtUp(changed.position);
    expect((await stack.query('/api/masterskaya/prices/current')).body.data).toEqual({ id: list.data.id, hour_price: 3100, half_hour_price: 1700 });
    expect((await guestBooks('masterskaya', futureDate())).price).toBe(3100);
    await stack.caughtUp();
    expect(await adminRows('masterskaya', earlier)).toEqual([expect.objectContaining({ total_price: 2000 })]);
  });

  it('an older price list changed becomes the one charged, on the booking page and at checkout alike', async () => {
    const older = await write('/api/prices', { hour_price: 1800, half_hour_price: 900 });
    await write('/api/prices', { hour_price: 2200, half_hour_price: 1100 });
    const changed = await write(`/api/prices/${older.data.id}`, { hour_price: 2700, half_hour_price: 1400 }, 'PUT');
    await stack.caughtUp(changed.position);
    expect((await stack.query('/api/prices/current')).body.data).toEqual({ id: older.data.id, hour_price: 2700, half_hour_price: 1400 });
    expect((await guestBooks('pochta', futureDate())).price).toBe(2700);
  });
});
