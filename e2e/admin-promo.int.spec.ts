// The promo codes tab's calls (issue 10, docs/promo-codes.md#calls-and-who-may-make-them «Promo codes»): a super administrator
// creates (a typed code, unique, or a made-up readable one), lists, edits, switches off and
// deletes codes, each an event naming them; the usage counter follows the bookings that hold a
// use; a limit below the uses so far, bad input and anyone else are refused with nothing appended;
// a switched-off, expired or deleted code is refused on the booking page's calls and at checkout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoStream, STUDIOS } from '@studio/domain';
import { committedEvents, eventually } from '@studio/platform/testing';
import { futureDate, guestIntentBody, openStack, postJson, registerCustomer, type Stack, type TestCustomer, type TestStaffMember } from './kit';

let stack: Stack;
let superAdmin: TestStaffMember;
let admin: TestStaffMember;
let customer: TestCustomer;
beforeAll(async () => {
  stack = await openStack({ name: 'admin_promo', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  [superAdmin, admin] = await Promise.all([stack.staffLogin('super', 'Вера'), stack.staffLogin('admin')]);
  customer = await registerCustomer(stack.commandUrl);
});
afterAll(() => stack?.stop());

const call = (method: string, path: string, body?: unknown, session: Record<string, string> = superAdmin.headers) => postJson(stack.commandUrl, path, body, method, session);
const create = (body: object) => call('POST', '/api/promocodes', { discount_percent: 10, usage_limit: 5, expires_at: null, studio: null, ...body });
/** The events of the codes' streams (no worker writes to these while a test looks). */
const eventsOf = async (...codes: string[]) => (await committedEvents(stack.db.url)).filter((event) => codes.some((code) => event.streamName === promoStream(code)));

/** GET /api/promocodes as of a write's position (read-your-writes, past its bounded wait on a busy machine). */
async function listed(position?: string) {
  if (position) await stack.caughtUp(position);
  const res = await stack.query('/api/promocodes', { ...superAdmin.headers, ...(position ? { 'x-read-position': position } : {}) });
  expect(res.status).toBe(200);
  return res.body as { code: string; usage_count: number; [field: string]: unknown }[];
}
const rowOf = async (code: string, position?: string) => (await listed(position)).find((row) => row.code === code);

/** A guest's one-hour checkout at kirova with the code, at the server's price. */
async function checkout(code: string) {
  const body = { ...guestIntentBody(futureDate(), ['12:00-13:00'], 0), studio: 'kirova', promoCode: code };
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: 1 });
  if (stale.body?.code !== 'price_changed') return stale;
  return postJson(stack.commandUrl, '/api/bookings/intent', { ...body, totalPrice: stale.body.details.currentPrice });
}
const useCheck = (code: string) => postJson(stack.commandUrl, `/api/promocodes/use/${code}?studio=kirova`, {});
const pageCheck = (code: string) => stack.query(`/api/promocodes/check/${code}?studio=kirova`);

describe('creating promo codes', () => {
  it('takes a typed code upper-cased, answers it as listed, and records who made it', async () => {
    const res = await create({ code: 'vesna-15', discount_percent: 15, usage_limit: 3, expires_at: '2030-03-31T23:59', studio: 'kirova' });
    expect(res.status).toBe(201);
    const row = { id: 'VESNA-15', code: 'VESNA-15', studio: 'kirova', studios: ['kirova'], discount_percent: 15, usage_limit: 3, usage_count: 0, remaining_uses: 3, expires_at: '2030-03-31T16:59:00.000Z', is_active: true };
    expect(res.body).toEqual({ success: true, data: row, position: expect.any(String) });
    expect(await rowOf('VESNA-15', res.body.position)).toEqual(row);
    const [event] = await stack.store.readStream(promoStream('VESNA-15'));
    expect(event).toMatchObject({ type: 'PromoCodeCreated', data: { code: 'VESNA-15', discountPercent: 15, usageLimit: 3, studios: ['kirova'] }, metadata: { actor: `staff:${superAdmin.id}` } });
  });

  it('a code is unique: the same one typed again, in any case, is refused and nothing is appended', async () => {
    expect((await create({ code: 'LETO' })).status).toBe(201);
    const before = await eventsOf('LETO', 'ZIMA10');
    const again = await create({ code: 'leto', discount_percent: 50 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'Такой промокод уже есть', code: 'promo_exists', field: 'code' });
    const seeded = await create({ code: 'zima10' });
    expect(seeded.body.code).toBe('promo_exists');
    expect(await eventsOf('LETO', 'ZIMA10')).toEqual(before);
  });

  it('without a typed code makes a readable one, for every studio when none is chosen', async () => {
    const res = await create({ code: '' });
    expect(res.status).toBe(201);
    expect(res.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(res.body.data).toMatchObject({ studio: null, studios: [...STUDIOS] });
    expect(await rowOf(res.body.data.code, res.body.position)).toMatchObject({ id: res.body.data.code, studio: null });
  });

  it('refuses bad input with a 400 at the field, appending nothing', async () => {
    const before = (await committedEvents(stack.db.url)).filter((event) => event.streamName.startsWith('promo-'));
    const cases: [object, string, string][] = [
      [{ discount_percent: '' }, 'discount_percent', 'Заполните все обязательные поля'],
      [{ usage_limit: null }, 'usage_limit', 'Заполните все обязательные поля'],
      [{ discount_percent: 101 }, 'discount_percent', 'Скидка — число от 1 до 100'],
      [{ discount_percent: 'много' }, 'discount_percent', 'Скидка — число от 1 до 100'],
      [{ usage_limit: 0 }, 'usage_limit', 'Лимит использований — число больше 0'],
      [{ usage_limit: '-3' }, 'usage_limit', 'Лимит использований — число больше 0'],
    ];
    for (const [body, field, error] of cases) {
      const res = await create({ code: 'PLOHO', ...body });
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { success: false, error, code: 'promo_terms_invalid', field } });
    }
    for (const [body, field] of [
      [{ expires_at: '31.12.2030' }, 'expires_at'],
      [{ code: 'С ПРОБЕЛОМ' }, 'code'],
      [{ code: 'X'.repeat(51) }, 'code'],
      [{ studio: 'moscow' }, 'studio'],
      [{ discount_percent: '1'.repeat(21) }, 'discount_percent'],
    ] as const) {
      const res = await create({ code: 'PLOHO', ...body });
      expect({ body, status: res.status, field: res.body.field }).toEqual({ body, status: 400, field });
    }
    // No code of any name was made: a made-up one would be a stream of its own.
    expect((await committedEvents(stack.db.url)).filter((event) => event.streamName.startsWith('promo-'))).toEqual(before);
  });
});

describe('editing, switching off and deleting', () => {
  it('PUT replaces the terms (the code may be resent, never changed) under the staff member', async () => {
    const made = await create({ code: 'OSEN', discount_percent: 10, usage_limit: 2 });
    const res = await call('PUT', '/api/promocodes/osen', { code: 'OSEN', discount_percent: 25, usage_limit: 10, expires_at: '2031-01-01T12:00+07:00', studio: 'masterskaya' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'OSEN', discount_percent: 25, usage_limit: 10, expires_at: '2031-01-01T05:00:00.000Z', studio: 'masterskaya', is_active: true });
    expect(await rowOf('OSEN', res.body.position)).toEqual(res.body.data);
    expect((await stack.store.readStream(promoStream('OSEN'))).at(-1)).toMatchObject({ type: 'PromoCodeUpdated', metadata: { actor: `staff:${superAdmin.id}` } });

    const before = await eventsOf('OSEN', 'OSEN2', 'NOSUCH');
    const renamed = await call('PUT', '/api/promocodes/OSEN', { code: 'OSEN2', discount_percent: 25, usage_limit: 10 });
    expect([renamed.status, renamed.body.field, renamed.body.error]).toEqual([400, 'code', 'Код промокода нельзя изменить после создания']);
    const unknown = await call('PUT', '/api/promocodes/NOSUCH', { discount_percent: 25, usage_limit: 10 });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'Промокод не найден']);
    const bad = await call('PUT', '/api/promocodes/OSEN', { discount_percent: 0, usage_limit: 10 });
    expect([bad.status, bad.body.error]).toEqual([400, 'Скидка — число от 1 до 100']);
    expect(await eventsOf('OSEN', 'OSEN2', 'NOSUCH')).toEqual(before);
    expect(made.status).toBe(201);
  });

  it('a code named like another route is still the code’s (PUT /api/promocodes/hall)', async () => {
    await create({ code: 'HALL' });
    const res = await call('PUT', '/api/promocodes/hall', { discount_percent: 30, usage_limit: 5 });
    expect([res.status, res.body.data?.discount_percent]).toEqual([200, 30]);
  });

  it('the usage counter follows the bookings: a use per checkout, given back when the payment fails', async () => {
    const { body } = await create({ code: 'SCHET', discount_percent: 10, usage_limit: 3 });
    const first = await checkout('schet');
    expect(first.status).toBe(201);
    await eventually(async () => (await rowOf('SCHET'))?.usage_count === 1);
    stack.payments!.settle(first.body.confirmationUrl.split('/').at(-1), 'insufficient_funds');
    await eventually(async () => (await rowOf('SCHET'))?.usage_count === 0);
    expect((await checkout('SCHET')).status).toBe(201);
    expect((await checkout('SCHET')).status).toBe(201);
    expect(await rowOf('SCHET', (await checkout('SCHET')).body.position)).toMatchObject({ usage_count: 3, remaining_uses: 0 });
    expect(body.data.usage_count).toBe(0);
  });

  it('lowering the limit below the uses so far is refused with a clear message; down to them is fine', async () => {
    await create({ code: 'MALO', usage_limit: 5 });
    for (let i = 0; i < 2; i++) expect((await checkout('MALO')).status).toBe(201);
    const before = await eventsOf('MALO');
    const below = await call('PUT', '/api/promocodes/MALO', { discount_percent: 10, usage_limit: 1 });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ success: false, code: 'promo_limit_below_uses', field: 'usage_limit', error: 'Лимит не может быть меньше уже сделанных использований: 2' });
    expect(await eventsOf('MALO')).toEqual(before);
    const down = await call('PUT', '/api/promocodes/MALO', { discount_percent: 10, usage_limit: 2 });
    expect(down.body.data).toMatchObject({ usage_limit: 2, usage_count: 2, remaining_uses: 0 });
  });

  it('switched off, a code is refused by the page\'s calls and at checkout, taking no use; switched on, it works again', async () => {
    await create({ code: 'PAUZA', discount_percent: 20, usage_limit: 5 });
    const off = await call('PUT', '/api/promocodes/PAUZA', { discount_percent: 20, usage_limit: 5, expires_at: null, studio: null, is_active: false });
    expect(off.body.data.is_active).toBe(false);
    expect((await stack.store.readStream(promoStream('PAUZA'))).at(-1)).toMatchObject({ type: 'PromoCodeDeactivated', metadata: { actor: `staff:${superAdmin.id}` } });
    await stack.caughtUp(off.body.position);
    const refusal = { success: false, error: 'Промокод отключён', code: 'promo_inactive' };
    expect(await useCheck('PAUZA')).toMatchObject({ status: 409, body: refusal });
    expect(await pageCheck('PAUZA')).toMatchObject({ status: 409, body: refusal });
    expect(await checkout('PAUZA')).toMatchObject({ status: 409, body: refusal });
    expect((await stack.store.readStream(promoStream('PAUZA'))).map((event) => event.type)).toEqual(['PromoCodeCreated', 'PromoCodeDeactivated']);

    const on = await call('PUT', '/api/promocodes/PAUZA', { discount_percent: 20, usage_limit: 5, is_active: true });
    await stack.caughtUp(on.body.position);
    expect((await pageCheck('PAUZA')).body).toEqual({ success: true, data: { discount_percent: 20, remaining_uses: 5 } });
    expect((await checkout('PAUZA')).status).toBe(201);
  });

  it('the seeded code without a limit can be switched off by resending its fields as listed', async () => {
    const zima = (await listed()).find((row) => row.code === 'ZIMA10')!;
    const res = await call('PUT', '/api/promocodes/ZIMA10', { ...zima, is_active: false });
    expect(res.body.data).toMatchObject({ usage_limit: null, is_active: false });
    await call('PUT', '/api/promocodes/ZIMA10', { ...zima, is_active: true });
  });

  it('an expired code is refused by the page\'s calls and at checkout', async () => {
    const past = await create({ code: 'BYLO', expires_at: '2020-01-01T00:00' });
    expect(past.body.data.expires_at).toBe('2019-12-31T17:00:00.000Z');
    await create({ code: 'SKORO', expires_at: '2035-01-01T00:00' });
    const ended = await call('PUT', '/api/promocodes/SKORO', { discount_percent: 10, usage_limit: 5, expires_at: '2021-06-01T10:00' });
    await stack.caughtUp(ended.body.position);
    const refusal = { success: false, error: 'Срок действия промокода истёк', code: 'promo_expired' };
    for (const code of ['BYLO', 'SKORO']) {
      expect(await useCheck(code)).toMatchObject({ status: 409, body: refusal });
      expect(await pageCheck(code)).toMatchObject({ status: 409, body: refusal });
      expect(await checkout(code)).toMatchObject({ status: 409, body: refusal });
    }
  });

  it('DELETE removes a code: unlisted, refused as unknown, not deletable twice', async () => {
    await create({ code: 'UDALI' });
    const res = await call('DELETE', '/api/promocodes/udali');
    expect(res.body).toEqual({ success: true, data: { id: 'UDALI' }, position: expect.any(String) });
    expect((await stack.store.readStream(promoStream('UDALI'))).at(-1)).toMatchObject({ type: 'PromoCodeDeleted', metadata: { actor: `staff:${superAdmin.id}` } });
    expect(await rowOf('UDALI', res.body.position)).toBeUndefined();
    expect((await useCheck('UDALI')).body.code).toBe('promo_invalid');
    expect((await pageCheck('UDALI')).body.code).toBe('promo_invalid');
    expect((await checkout('UDALI')).body.code).toBe('promo_invalid');
    const again = await call('DELETE', '/api/promocodes/UDALI');
    expect([again.status, again.body.error]).toEqual([404, 'Промокод не найден']);
  });
});

describe('who may', () => {
  it('an administrator and a customer are refused every call (403), a visitor without a session too (401), and nothing is appended', async () => {
    await create({ code: 'CHUZHOY' });
    const before = await eventsOf('CHUZHOY', 'VZLOM');
    const writes: [string, string, unknown][] = [
      ['POST', '/api/promocodes', { code: 'VZLOM', discount_percent: 90, usage_limit: 100 }],
      ['PUT', '/api/promocodes/CHUZHOY', { discount_percent: 90, usage_limit: 100, is_active: true }],
      ['DELETE', '/api/promocodes/CHUZHOY', undefined],
    ];
    for (const [who, session, status] of [['admin', admin.headers, 403], ['customer', { cookie: customer.cookie }, 403], ['nobody', {}, 401]] as const) {
      for (const [method, path, body] of writes) expect({ who, method, status: (await call(method, path, body, session)).status }).toEqual({ who, method, status });
      expect({ who, list: (await stack.query('/api/promocodes', session)).status }).toEqual({ who, list: status });
    }
    expect(await eventsOf('CHUZHOY', 'VZLOM')).toEqual(before);
  });
});
