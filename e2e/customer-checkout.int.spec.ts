// A signed-in customer's checkout (issue 8): the contact comes from the profile whatever the form
// sent, the booking and its holds name the account (so the calendar shows the customer's cells as
// their own in any browser signed in), and the 50% prepayment takes half now as the intent's first
// payment, the rest being a second payment of the same intent. A guest may not prepay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, paymentIntentAggregate, paymentIntentStream } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { committedEvents, eventually } from '@studio/platform/testing';
import { futureDate, getJson, guestIntentBody, openStack, paymentIdOf, postJson, registerCustomer, type Stack } from './kit';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'customer_checkout', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
});
afterAll(() => stack?.stop());

/** The form as a signed-in customer's page sends it, with contacts that are not the profile's. */
const customerIntentBody = (date: string, times: string[], totalPrice: number, prepayPercent: 50 | 100) => ({
  ...guestIntentBody(date, times, totalPrice),
  contact: { name: 'Кто-то другой', phone: '+7 (900) 000-00-01', email: 'other@example.ru', comment: 'Нужен отпариватель' },
  prepayPercent,
});

/** Asks with a wrong total first and takes the server's, as a page with stale prices would. */
async function checkout(cookie: string | null, date: string, times: string[], prepayPercent: 50 | 100) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', customerIntentBody(date, times, 1, prepayPercent), 'POST', headers);
  expect(stale.body).toMatchObject({ code: 'price_changed' });
  const price = stale.body.details.currentPrice as number;
  return { res: await postJson(stack.commandUrl, '/api/bookings/intent', customerIntentBody(date, times, price, prepayPercent), 'POST', headers), price };
}

const commands = () => createCommandHandler(stack.store);
const bookingOf = async (intentId: string) => {
  const { state } = await commands().read(paymentIntentAggregate, paymentIntentStream(intentId));
  return (await commands().read(bookingAggregate, bookingStream(state.intent!.bookingId))).state;
};

describe('a signed-in customer checks out', () => {
  it('with the 50% prepayment: half is the first payment, the booking is the account’s with the profile’s contacts, and paying it confirms the booking', async () => {
    const anna = await registerCustomer(stack.commandUrl, { name: 'Анна', surname: 'Иванова', email: 'anna@example.ru' });
    const date = futureDate(45);
    const { res, price } = await checkout(anna.cookie, date, ['12:00-13:00', '13:00-14:00'], 50);
    expect(res.status).toBe(201);
    const paymentId = paymentIdOf(res.body.confirmationUrl);
    const totalKopecks = Math.round(price * 100);

    const { state: intent } = await commands().read(paymentIntentAggregate, paymentIntentStream(res.body.intentId));
    expect(intent.intent).toMatchObject({ prepayPercent: 50, total: totalKopecks });
    expect(intent.payments[paymentId]).toMatchObject({ purpose: 'prepayment', amount: Math.floor(totalKopecks / 2) });

    const booking = await bookingOf(res.body.intentId);
    expect(booking.booking).toMatchObject({
      prepayPercent: 50,
      customer: { name: 'Анна Иванова', phone: anna.phone.replace(/\D/g, ''), email: 'anna@example.ru', comment: 'Нужен отпариватель', userId: anna.id },
    });
    const { rows: placed } = await stack.pool.query<{ type: string; actor: string }>(
      `SELECT type, metadata->>'actor' AS actor FROM events WHERE type IN ('BookingPlaced', 'SlotsHeld') AND data::text LIKE '%' || $1 || '%' ORDER BY global_position`,
      [anna.id],
    );
    expect(placed).toEqual([
      { type: 'SlotsHeld', actor: `customer:${anna.id}` },
      { type: 'BookingPlaced', actor: `customer:${anna.id}` },
    ]);

    stack.payments!.settle(paymentId, 'paid');
    await eventually(async () => (await bookingOf(res.body.intentId)).status === 'confirmed');
    expect((await bookingOf(res.body.intentId)).paid).toBe(Math.floor(totalKopecks / 2));
    await eventually(async () => {
      const view = await getJson(`${stack.queryUrl}/api/payment-intents/${res.body.intentId}`);
      expect(view.body.intent).toMatchObject({ payload: { prepay_percent: 50 }, fully_paid: false, can_pay_rest: true, remaining_amount: (totalKopecks - Math.floor(totalKopecks / 2)) / 100 });
      return true;
    });
  });

  it('sees its cells as its own in the calendar from any browser it is signed in with, and nobody else does', async () => {
    const boris = await registerCustomer(stack.commandUrl, { name: 'Борис' });
    const date = futureDate(46);
    const { res } = await checkout(boris.cookie, date, ['15:00-16:00'], 100);
    expect(res.status).toBe(201);
    const slotsPath = `/api/calendar/slots?startDate=${date}&endDate=${date}`;
    // A second browser of Boris: a new session, no visitor cookie in common with the first.
    const login = await postJson(stack.commandUrl, '/api/auth/login', { phone: boris.phone, password: boris.password, captchaToken: 'sandbox-pass' });
    const otherBrowser = login.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!;
    await eventually(async () => {
      const own = await stack.query(slotsPath, { cookie: otherBrowser, 'x-read-position': res.body.position });
      expect(own.body.data[date].slots['15:00-15:30']).toEqual({ available: false, mine: true });
      return true;
    });
    const stranger = await stack.query(slotsPath);
    expect(stranger.body.data[date].slots['15:00-15:30']).toEqual({ available: false });
    const anotherCustomer = await registerCustomer(stack.commandUrl);
    expect((await stack.query(slotsPath, { cookie: anotherCustomer.cookie })).body.data[date].slots['15:00-15:30']).toEqual({ available: false });
  });

  it('without an email in the profile is refused with the spec’s alert at the email, and nothing is held', async () => {
    const vera = await registerCustomer(stack.commandUrl, { name: 'Вера' });
    const cleared = await postJson(stack.commandUrl, `/api/users/${vera.id}/profile`, { name: 'Вера', surname: 'Иванова', email: null }, 'PUT', { cookie: vera.cookie });
    expect(cleared.status).toBe(200);
    const before = (await committedEvents(stack.db.url)).length;
    const res = await postJson(stack.commandUrl, '/api/bookings/intent', customerIntentBody(futureDate(47), ['10:00-11:00'], 2000, 100), 'POST', { cookie: vera.cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'profile_email_missing', field: 'email', error: 'В профиле не указан email. Добавьте его в личном кабинете перед бронированием' });
    expect((await committedEvents(stack.db.url)).length).toBe(before);
  });

  it('as a guest, or with a revoked session, may not choose the 50% prepayment', async () => {
    const bookingEvents = async () => (await committedEvents(stack.db.url)).filter((e) => !e.streamName.startsWith('customer')).length;
    const before = await bookingEvents();
    const guest = await postJson(stack.commandUrl, '/api/bookings/intent', customerIntentBody(futureDate(48), ['10:00-11:00'], 2000, 50));
    expect(guest.status).toBe(400);
    expect(guest.body).toMatchObject({ code: 'prepay_needs_account', field: 'prepayPercent' });
    const gone = await registerCustomer(stack.commandUrl);
    expect((await postJson(stack.commandUrl, '/api/auth/logout', {}, 'POST', { cookie: gone.cookie })).status).toBe(200);
    const revoked = await postJson(stack.commandUrl, '/api/bookings/intent', customerIntentBody(futureDate(48), ['10:00-11:00'], 2000, 50), 'POST', { cookie: gone.cookie });
    expect(revoked.body).toMatchObject({ code: 'prepay_needs_account' });
    expect(await bookingEvents()).toBe(before);
  });
});
