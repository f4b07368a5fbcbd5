// Who may call the cabinet's endpoints (issue 8): only the signed-in owner. Without a session each
// answers 401, with another customer's session 403, and in both cases nothing is written and
// nothing the owner sees changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerStream } from '@studio/domain';
import { committedEvents, eventually } from '@studio/platform/testing';
import { checkoutAtServerPrice, futureDate, givenPrepaidBooking, guestIntentBody, openStack, postJson, registerCustomer, registerVerifiedCustomer, type JsonAnswer, type TestCustomer, type Stack } from './kit';

let stack: Stack;
let anna: TestCustomer;
let boris: TestCustomer;
/** Boris's guest booking (made with his phone) and his 50% prepayment. */
let borisBookingId: string;
let borisPrepaymentId: string;
let borisPrepaid: { intentId: string };

beforeAll(async () => {
  stack = await openStack({ name: 'cabinet_auth', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  anna = await registerCustomer(stack.commandUrl, { phone: '+7 (999) 123-45-67' });
  // Verified: the guest booking made with his phone is his.
  boris = await registerVerifiedCustomer(stack, { phone: '+7 (913) 000-00-02', name: 'Борис' });
  const guest = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(), ['12:00-13:00'], 0), contact: { name: 'Борис', phone: '+7 (913) 000-00-02', email: 'b@example.ru', comment: '' } });
  stack.payments!.settle(guest.paymentId, 'paid');
  const prepaid = await givenPrepaidBooking(stack, { total: 400_000, prepayment: 200_000, userId: boris.id });
  prepaid.paid();
  borisPrepaymentId = prepaid.prepaymentId;
  borisPrepaid = prepaid;
  const rows = await eventually(async () => {
    const { body } = await stack.query(`/api/users/${boris.id}/bookings`, { cookie: boris.cookie });
    return Array.isArray(body) && body.length === 2 && body.every((row: { status: string }) => row.status === 'confirmed') && body;
  }, 20_000);
  borisBookingId = rows.find((row: { intent_id: string }) => row.intent_id === guest.intentId).id;
});
afterAll(() => stack?.stop());

/** Each call on Boris's account or bookings, with the cookie given (none: no session). */
const calls: [string, (cookie?: string) => Promise<JsonAnswer>][] = [
  ['GET /api/users/{id}/bookings', (cookie) => stack.query(`/api/users/${boris.id}/bookings`, cookie ? { cookie } : {})],
  ['PUT /api/users/{id}/profile', (cookie) => postJson(stack.commandUrl, `/api/users/${boris.id}/profile`, { name: 'Взлом', surname: 'Взлом', email: null }, 'PUT', cookie ? { cookie } : {})],
  [
    'PUT /api/users/{id}/password',
    (cookie) => postJson(stack.commandUrl, `/api/users/${boris.id}/password`, { currentPassword: 'Пароль-кабинета-1', newPassword: 'чужой-пароль-1' }, 'PUT', cookie ? { cookie } : {}),
  ],
  ['PUT /api/bookings/{id}/cancel', (cookie) => postJson(stack.commandUrl, `/api/bookings/${borisBookingId}/cancel`, undefined, 'PUT', cookie ? { cookie } : {})],
  ['POST /api/payments/{paymentId}/pay-rest', (cookie) => postJson(stack.commandUrl, `/api/payments/${borisPrepaymentId}/pay-rest`, undefined, 'POST', cookie ? { cookie } : {})],
];

/** What a refused call must leave as it was: every event, Boris's account and what his cabinet lists. */
async function everything() {
  await stack.caughtUp((await committedEvents(stack.db.url)).at(-1)!.position);
  const events = await committedEvents(stack.db.url);
  const { body: list } = await stack.query(`/api/users/${boris.id}/bookings`, { cookie: boris.cookie });
  const { body: me } = await stack.query('/api/auth/me', { cookie: boris.cookie });
  return { events: events.map((e) => e.position), account: (await stack.store.readStream(customerStream(boris.id))).length, list, me };
}

describe('the cabinet\'s endpoints', () => {
  it.each(calls)('%s: 401 without a session, 403 with another customer\'s, and nothing changes', async (_name, call) => {
    const before = await everything();
    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'not_signed_in' });
    const stranger = await call(anna.cookie);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ success: false, code: expect.stringMatching(/^not_your_/) });
    expect(await everything()).toEqual(before);
  });

  it('each answers its owner (the refusals above are about who asks, not about the calls)', async () => {
    const [list, , , cancel, payRest] = calls.map(([, call]) => call);
    expect((await list!(boris.cookie)).status).toBe(200);
    expect((await payRest!(boris.cookie)).status).toBe(200);
    expect((await cancel!(boris.cookie)).status).toBe(200);
  });
});

// The buyer's endpoints (issue 19): a hold, a payment intent and its rest belong to the browser or
// the account that made them. Their ids travel in links and derive from one another, so anyone
// else who has one is refused (403) or, for the intent, shown its status without contact data.
describe("the buyer's endpoints", () => {
  const anonymous: Record<string, string> = {};
  const strangers = () => [anonymous, { cookie: anna.cookie }];

  it("DELETE /api/holds/{id}: 403 to anyone but the hold's browser or account, and nothing changes; the account lets it go", async () => {
    const date = futureDate();
    const held = await postJson(stack.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['16:00'] }, 'POST', { cookie: boris.cookie });
    expect(held.status).toBe(201);
    const path = `/api/holds/${String(held.body.holdId)}?studio=kirova&date=${date}`;
    // Nothing appended is what a refusal leaves; the cabinet's list is not compared here, since the
    // payment sandbox's notices for Boris's earlier bookings may still be landing in it.
    const before = (await everything()).events;
    for (const who of strangers()) {
      const refused = await postJson(stack.commandUrl, path, undefined, 'DELETE', who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'hold_not_yours' });
    }
    expect((await everything()).events).toEqual(before);
    expect((await postJson(stack.commandUrl, path, undefined, 'DELETE', { cookie: boris.cookie })).body).toMatchObject({ success: true, released: true });
  });

  it("GET /api/payment-intents/{id}: the contact data only to the buyer's account; anyone else the status alone", async () => {
    const own = (await stack.query(`/api/payment-intents/${borisPrepaid.intentId}`, { cookie: boris.cookie })).body.intent;
    expect(own).toMatchObject({ user_name: 'Анна', user_phone: '79991234567' });
    for (const who of strangers()) {
      const seen = await stack.query(`/api/payment-intents/${borisPrepaid.intentId}`, who);
      expect(seen.status).toBe(200);
      expect(seen.body.intent).toMatchObject({ id: borisPrepaid.intentId, status: own.status });
      for (const field of ['user_name', 'user_phone', 'user_email', 'account_login']) expect(seen.body.intent).not.toHaveProperty(field);
    }
  });

  it("POST /api/payment-intents/{id}/pay-rest: 403 to anyone but the buyer's account, and nothing changes; the account pays", async () => {
    const before = await everything();
    for (const who of strangers()) {
      const refused = await postJson(stack.commandUrl, `/api/payment-intents/${borisPrepaid.intentId}/pay-rest`, undefined, 'POST', who);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'not_the_buyer' });
    }
    expect(await everything()).toEqual(before);
    expect((await postJson(stack.commandUrl, `/api/payment-intents/${borisPrepaid.intentId}/pay-rest`, undefined, 'POST', { cookie: boris.cookie })).status).toBe(200);
  });
});
