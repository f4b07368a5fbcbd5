// A guest's checkout over HTTP (issue 7): POST /api/bookings/intent prices the booking on the
// server, holds the cells and takes a provider payment (the sandbox); the payment's outcome,
// re-fetched from the provider on its notification, books or frees the cells.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, paymentIntentStream, type Clock } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { completeFinishedBookings, syncUnsettledPayments } from '@studio/workers';
import { futureDate, getJson, openStack, paymentIdOf, postJson, type Stack, testVisitor } from './kit';

let offsetMs = 0;
// The stack's clock, moved forward by the tests.
const clock: Clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'checkout', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
});
afterAll(() => stack?.stop());

const contact = { name: 'Анна Петрова', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: 'Возьмём свой реквизит' };
const intentBody = (date: string, times: string[], totalPrice: number, { studio = 'pochta', format = 'self' } = {}) => ({
  studio,
  timeSlots: times.map((time, i) => ({ date, time, price: 2000, durationMinutes: 60, id: `${date}-${i}` })),
  format: { format },
  services: [],
  totalPrice,
  promoCode: '',
  contact,
  prepayPercent: 100,
});

/** Asks with a wrong total first, as a page with stale prices would, and takes the server's. */
async function checkout(date: string, times: string[], headers: Record<string, string> = {}) {
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', intentBody(date, times, 1), 'POST', headers);
  expect(stale.status).toBe(409);
  expect(stale.body).toMatchObject({ success: false, code: 'price_changed', field: 'totalPrice', details: { currentPrice: expect.any(Number) } });
  const price = stale.body.details.currentPrice as number;
  const res = await postJson(stack.commandUrl, '/api/bookings/intent', intentBody(date, times, price), 'POST', headers);
  return { res, price };
}

const takenCells = async (date: string) => {
  const { body } = await stack.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`);
  return Object.entries(body.data[date].slots as Record<string, { available: boolean }>).filter(([, s]) => !s.available).map(([range]) => range);
};
/** The intent as `headers` (a buyer's visitor cookie) are let see it. */
const intentOf = async (intentId: string, headers: Record<string, string> = {}) => (await stack.query(`/api/payment-intents/${intentId}`, headers)).body.intent;

describe('a guest checkout', () => {
  it('priced by the server, held, paid on the provider\'s page: the booking is confirmed and the cells booked', async () => {
    const date = futureDate();
    const buyer = { cookie: testVisitor().cookie };
    const { res, price } = await checkout(date, ['12:00-13:00', '13:00-14:00'], buyer);
    expect(price).toBe(3200); // two continuous hours at 2000 ₽ with the 20% group discount
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, intentId: expect.any(String), confirmationUrl: expect.stringContaining('/checkout/') });
    const page = await fetch(res.body.confirmationUrl);
    expect(await page.text()).toContain('Оплатить');
    // YOOKASSA_RECEIPT is off unless configured: no 54-FZ receipt goes with the payment.
    expect(stack.payments!.receiptOf(paymentIdOf(res.body.confirmationUrl))).toBeUndefined();

    stack.payments!.settle(paymentIdOf(res.body.confirmationUrl), 'paid');
    const intent = await eventually(async () => {
      const seen = await intentOf(res.body.intentId, buyer);
      return seen?.fully_paid === true && seen;
    });
    expect(intent).toMatchObject({ status: 'succeeded', full_price: 3200, paid_amount: 3200, remaining_amount: 0, user_name: 'Анна Петрова', user_phone: '79991234567' });
    // Anyone else with the intent's id sees the status without the customer's contact data.
    const stranger = await intentOf(res.body.intentId, { cookie: testVisitor().cookie });
    expect(stranger).toMatchObject({ status: 'succeeded', fully_paid: true });
    for (const field of ['user_name', 'user_phone', 'user_email', 'account_login']) expect(stranger).not.toHaveProperty(field);
    const booked = await eventually(async () => {
      const { body } = await stack.query(`/api/bookings/by-payment/${paymentIdOf(res.body.confirmationUrl)}`);
      return body.bookings?.[0]?.status === 'confirmed' && body.bookings;
    });
    expect(booked.map((b: { date: string; time_start: string; time_end: string }) => [b.date, b.time_start, b.time_end])).toEqual([[date, '12:00', '14:00']]);
    expect(await takenCells(date)).toEqual(['12:00-12:30', '12:30-13:00', '13:00-13:30', '13:30-14:00']);
  });

  it('an event is charged the catalogue\'s event price on top of its rent: once at pochta, per slot at kirova', async () => {
    const date = futureDate();
    const times = ['12:00-13:00', '13:00-14:00'];
    /** The server's total, as its price_changed refusal of a wrong one says. */
    const serverPrice = async (options: { studio: string; format: string }) => {
      const res = await postJson(stack.commandUrl, '/api/bookings/intent', intentBody(date, times, 1, options));
      expect(res.body).toMatchObject({ code: 'price_changed' });
      return res.body.details.currentPrice as number;
    };
    // The seed's event prices: 1500 ₽ a booking at pochta, 500 ₽ a slot at kirova.
    expect(await serverPrice({ studio: 'pochta', format: 'event' })).toBe((await serverPrice({ studio: 'pochta', format: 'self' })) + 1500);
    expect(await serverPrice({ studio: 'kirova', format: 'event' })).toBe((await serverPrice({ studio: 'kirova', format: 'self' })) + 2 * 500);

    const price = await serverPrice({ studio: 'pochta', format: 'event' });
    const res = await postJson(stack.commandUrl, '/api/bookings/intent', intentBody(date, times, price, { studio: 'pochta', format: 'event' }));
    expect(res.status).toBe(201);
    expect(await eventually(async () => (await intentOf(res.body.intentId))?.full_price)).toBe(price);
  });

  it('a paid booking becomes completed once its time is over, not before', async () => {
    const date = futureDate();
    const { res } = await checkout(date, ['19:00-20:00']);
    const paymentId = paymentIdOf(res.body.confirmationUrl);
    stack.payments!.settle(paymentId, 'paid');
    const statusOf = async () => (await stack.query(`/api/bookings/by-payment/${paymentId}`)).body.bookings?.[0]?.status;
    await eventually(async () => (await statusOf()) === 'confirmed');
    const bookingId = (await stack.query(`/api/bookings/by-payment/${paymentId}`)).body.bookings[0].id as string;
    const at = (iso: string): Clock => ({ now: () => new Date(iso) });
    const commands = createCommandHandler(stack.store);
    const deps = { commands, pool: stack.pool };
    const status = async () => (await commands.read(bookingAggregate, bookingStream(bookingId))).state.status;
    await completeFinishedBookings({ ...deps, clock: at(`${date}T12:59:00Z`) }); // 19:59 in Tomsk: a minute left
    expect(await status()).toBe('confirmed');
    await completeFinishedBookings({ ...deps, clock: at(`${date}T13:00:00Z`) });
    expect(await status()).toBe('completed');
    await eventually(async () => (await statusOf()) === 'completed');
    expect((await stack.store.readStream(bookingStream(bookingId))).filter((e) => e.type === 'BookingCompleted')).toHaveLength(1);
    await completeFinishedBookings({ ...deps, clock: at(`${date}T14:00:00Z`) });
    expect((await stack.store.readStream(bookingStream(bookingId))).filter((e) => e.type === 'BookingCompleted')).toHaveLength(1);
  });

  it('declined by the bank: the cells are free again at once and the intent says why', async () => {
    const date = futureDate();
    const { res } = await checkout(date, ['15:00-16:00']);
    expect(res.status).toBe(201);
    await eventually(async () => (await takenCells(date)).length === 2);
    stack.payments!.settle(paymentIdOf(res.body.confirmationUrl), 'insufficient_funds');
    await eventually(async () => (await takenCells(date)).length === 0);
    expect(await intentOf(res.body.intentId)).toMatchObject({ status: 'canceled', cancellation_reason: 'insufficient_funds', paid_amount: 0 });
  });

  it('a retry with the same Idempotency-Key answers the first checkout and holds nothing twice', async () => {
    const date = futureDate();
    const headers = { 'idempotency-key': 'checkout-retry-0001' };
    const { res: first, price } = await checkout(date, ['18:00-19:00'], headers);
    const retry = await postJson(stack.commandUrl, '/api/bookings/intent', intentBody(date, ['18:00-19:00'], price), 'POST', headers);
    expect(retry.status).toBe(201);
    expect(retry.body.intentId).toBe(first.body.intentId);
    expect(retry.body.confirmationUrl).toBe(first.body.confirmationUrl);
  });

  it('a notification delivered again, and again after the payment settled, records one payment and confirms one booking', async () => {
    const date = futureDate();
    const { res } = await checkout(date, ['11:00-12:00']);
    const paymentId = paymentIdOf(res.body.confirmationUrl);
    stack.payments!.settle(paymentId, 'paid');
    await eventually(async () => (await intentOf(res.body.intentId))?.fully_paid === true);
    const notification = { type: 'notification', event: 'payment.succeeded', object: { id: paymentId, status: 'succeeded' } };
    const repeats = await Promise.all([0, 1, 2].map(() => postJson(stack.commandUrl, '/api/payments/notifications', notification)));
    expect(repeats.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(repeats.map((r) => r.body.recorded)).toEqual([false, false, false]);

    const bookingId = (await stack.query(`/api/bookings/by-payment/${paymentId}`)).body.bookings[0].id as string;
    await stack.caughtUp();
    const types = (await stack.store.readStream(bookingStream(bookingId))).map((e) => e.type);
    expect(types.filter((t) => t === 'BookingConfirmed')).toHaveLength(1);
    const intentEvents = (await stack.store.readStream(paymentIntentStream(res.body.intentId))).map((e) => e.type);
    expect(intentEvents.filter((t) => t === 'ProviderPaymentCreated')).toHaveLength(1);
    expect(intentEvents.filter((t) => t === 'ProviderPaymentUpdated')).toHaveLength(1);
  });

  it('two guests racing for the same cells: exactly one gets them, the other a clear refusal', async () => {
    const date = futureDate();
    const { price } = await checkout(date, ['10:00-11:00']).then(async ({ res, price }) => {
      // Free the cells again so both racers start from the same calendar. Seen taken first: a
      // calendar that has not caught up with the hold would read as freed at once.
      await eventually(async () => (await takenCells(date)).length === 2);
      stack.payments!.settle(paymentIdOf(res.body.confirmationUrl), 'insufficient_funds');
      await eventually(async () => (await takenCells(date)).length === 0);
      return { price };
    });
    const [a, b] = await Promise.all([0, 1].map(() => postJson(stack.commandUrl, '/api/bookings/intent', intentBody(date, ['10:00-11:00'], price))));
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const refused = [a!, b!].find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ success: false, code: 'slot_taken', error: 'Выбранное время уже занято' });
  });

  it('with every notification lost, the workers\' payment sync re-fetches the payment and the booking is confirmed', async () => {
    const date = futureDate();
    const { res } = await checkout(date, ['17:00-18:00']);
    stack.payments!.dropNotifications(true);
    try {
      stack.payments!.settle(paymentIdOf(res.body.confirmationUrl), 'paid');
      await eventually(async () => {
        const intent = (await stack.query(`/api/payment-intents/${res.body.intentId}`)).body.intent;
        return intent?.payment_id != null && intent.status === 'pending';
      });
      // The sync leaves a payment to its notification for 30 s: run it as a minute later.
      offsetMs += 60_000;
      expect(await syncUnsettledPayments({ commands: createCommandHandler(stack.store), pool: stack.pool, clock, payments: stack.paymentProvider! })).toBe(1);
      await eventually(async () => (await intentOf(res.body.intentId))?.fully_paid === true);
      await eventually(async () => (await takenCells(date)).length === 2);
    } finally {
      stack.payments!.dropNotifications(false);
    }
  });

  it('with every notification lost, a sync re-fetches the payment and confirms the booking', async () => {
    const date = futureDate();
    const { res } = await checkout(date, ['20:00-21:00']);
    stack.payments!.dropNotifications(true);
    try {
      stack.payments!.settle(paymentIdOf(res.body.confirmationUrl), 'paid');
      const sync = await getJson(`${stack.commandUrl}/api/payment-intents/${res.body.intentId}/sync`);
      expect(sync.status).toBe(200);
      const intent = await eventually(async () => {
        const seen = await stack.query(`/api/payment-intents/${res.body.intentId}`, { 'X-Read-Position': sync.body.position });
        return seen.body.intent?.fully_paid === true && seen.body.intent;
      });
      expect(intent.status).toBe('succeeded');
    } finally {
      stack.payments!.dropNotifications(false);
    }
  });
});
