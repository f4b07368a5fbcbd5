import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDayStream } from '@studio/domain';
import { committedEvents } from '@studio/platform/testing';
import { futureDate, openStack, postJson, registerCustomer, type Stack, type TestStaffMember } from '@studio/e2e/kit';

/** Every staff-only write (all of them super's: catalogue, formats, discounts, photographers), each with a body it would accept. */
const WRITES: [method: string, path: string, body: unknown][] = [
  ['PUT', '/api/pochta/hall', { hall_size: '80 м²', features: ['Циклорама'], rules: [] }],
  ['POST', '/api/prices', { hour_price: 2000, half_hour_price: 1000 }],
  ['POST', '/api/kirova/prices', { hour_price: 2000, half_hour_price: 1000 }],
  ['POST', '/api/services', { name: 'Фон', price: 500, format: 'inhour' }],
  ['POST', '/api/masterskaya/services', { name: 'Фон', price: 500, format: 'inhour' }],
  ['POST', '/api/admin/discounts', { name: 'Выходные', discount_value: 10, discount_type: 'weekend', studio: 'Pochta' }],
  ['PUT', '/api/admin/settings/group-discount', { enabled: true, studio: 'kirova' }],
  ['PUT', '/api/formats/event', { price: 1500 }],
  ['PUT', '/api/kirova/formats/event', { price: 500 }],
  ['POST', '/api/photographers', { name: 'Анна', price: 3000 }],
];

const NOT_SIGNED_IN = { success: false, error: 'Войдите как администратор', code: 'not_signed_in_staff' };
const FORBIDDEN = { success: false, error: 'Недостаточно прав', code: 'forbidden' };

let h: Stack;
let superAdmin: TestStaffMember;
let admin: TestStaffMember;
let customer: Record<string, string>;
let loggedOut: Record<string, string>;
beforeAll(async () => {
  h = await openStack({ name: 'staffacl', commandApi: true, queryApi: true, projections: true });
  [superAdmin, admin] = await Promise.all([h.staffLogin('super'), h.staffLogin('admin')]);
  customer = { cookie: (await registerCustomer(h.commandUrl)).cookie };
  loggedOut = (await h.staffLogin('super')).headers;
  expect((await postJson(h.commandUrl, '/api/admin/logout', {}, 'POST', loggedOut)).status).toBe(200);
});
afterAll(() => h?.stop());

const eventCount = async () => (await committedEvents(h.db.url)).length;

/** Who calls, and what a staff-only write must answer them. */
const refused = (): [who: string, headers: Record<string, string>, status: number, body: object][] => [
  ['no session', {}, 401, NOT_SIGNED_IN],
  ['a staff cookie that is no session', { cookie: `staff_session=${'x'.repeat(43)}` }, 401, NOT_SIGNED_IN],
  ['a staff session ended by logout', loggedOut, 401, NOT_SIGNED_IN],
  ['a customer session', customer, 403, FORBIDDEN],
  ["a customer's token in the staff cookie", { cookie: customer.cookie!.replace(/^session=/, 'staff_session=') }, 401, NOT_SIGNED_IN],
  ['an administrator (the role works the calendar only)', admin.headers, 403, FORBIDDEN],
];

describe('staff-only writes', () => {
  it.each(WRITES)('%s %s refuses everyone but a super administrator, before reading the body, and appends nothing', async (method, path, body) => {
    const before = await eventCount();
    for (const [who, headers, status, answer] of refused()) {
      for (const sent of [body, { junk: true }]) {
        const res = await postJson(h.commandUrl, path, sent, method, headers);
        expect({ who, status: res.status, body: res.body }).toEqual({ who, status, body: answer });
      }
    }
    expect(await eventCount()).toBe(before);
  });

  it.each(WRITES)('%s %s is written for a super administrator, naming them as the actor', async (method, path, body) => {
    const before = await eventCount();
    const res = await postJson(h.commandUrl, path, body, method, superAdmin.headers);
    expect(res.status).toBe(method === 'PUT' ? 200 : 201);
    const appended = (await committedEvents(h.db.url)).slice(before);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ position: res.body.position, metadata: { actor: `staff:${superAdmin.id}` } });
  });

  it('keeps holds public', async () => {
    const date = futureDate();
    const res = await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['15:00'] });
    expect(res.status).toBe(201);
    expect((await h.store.readStream(studioDayStream('kirova', date))).map((e) => e.type)).toEqual(['SlotsHeld']);
  });
});

describe('GET /api/admin/me', () => {
  it.each([
    ['no session', () => ({}), 401, NOT_SIGNED_IN],
    ['a customer session', () => customer, 403, FORBIDDEN],
    ['a staff session ended by logout', () => loggedOut, 401, NOT_SIGNED_IN],
  ])('refuses %s', async (_who, headers, status, body) => {
    const res = await h.query('/api/admin/me', headers());
    expect({ status: res.status, body: res.body }).toEqual({ status, body });
  });

  it.each([
    ['an administrator', () => admin, 'admin'],
    ['a super administrator', () => superAdmin, 'super'],
  ])('answers %s with who they are, and no password hash', async (_who, member, rules) => {
    await h.caughtUp();
    const res = await h.query('/api/admin/me', member().headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, admin: { id: member().id, name: 'Ольга', login: member().login, rules } });
  });
});
