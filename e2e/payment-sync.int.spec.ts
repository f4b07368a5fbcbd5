// The workers' payment sync behind thousands of abandoned checkouts (issue 20, item 2): a paid
// payment whose notification was lost is still confirmed in time, an abandoned checkout's payment
// leaves the unsettled set, and one the provider does not know is asked about once.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingAggregate, bookingStream, paymentIntentAggregate, paymentIntentStream, type BookingPlaced } from '@studio/domain';
import { eventually } from '@studio/platform/testing';
import { calendarProjection, findProjection } from '@studio/projections';
import { checkoutAtServerPrice, futureDate, given, guestIntentBody, openStack, type Stack } from './kit';

/** The sync runs every second and asks at once, so the spec waits for its outcome, not for minutes. */
const PACE = { everyMs: 1_000, graceMs: 0 };
const ABANDONED = 5_000;
/** Abandoned checkouts recorded side by side. */
const BATCH = 50;

let stack: Stack;
beforeAll(async () => {
  // The read models the sync reads; the others would only spend the two cores on thousands of checkouts.
  const projections = [findProjection('bookings')!, calendarProjection];
  stack = await openStack({ name: 'payment-sync', commandApi: true, projections, workers: { paymentSync: PACE }, seed: true });
});
afterAll(() => stack?.stop());

/** Every provider call the workers make about a payment, by payment id. */
function askedAbout() {
  const spy = vi.spyOn(stack.paymentProvider!, 'getPayment');
  return { count: (paymentId: string) => spy.mock.calls.filter(([id]) => id === paymentId).length, restore: () => spy.mockRestore() };
}

/**
 * A guest's checkout as the command side records it, its payment taken at `paymentId` and its hold
 * gone (released): the intent id is the one the provider's payment names in its metadata.
 */
async function givenCheckout(paymentId: string, date: string, intentId: string = randomUUID()): Promise<{ bookingId: string; intentId: string }> {
  const bookingId = randomUUID();
  const total = 200_000;
  const placed: BookingPlaced = {
    bookingId,
    intentId,
    studio: 'kirova',
    customer: { name: 'Анна', phone: '79991234567', email: 'anna@example.ru', comment: '' },
    blocks: [{ date, cells: ['12:00', '12:30'], holdId: randomUUID() }],
    format: { kind: 'self', peopleCount: 1 },
    services: [],
    price: { lines: [{ label: 'Аренда зала', amount: total }], total },
    prepayPercent: 100,
  };
  await given(stack.store, bookingAggregate, bookingStream(bookingId), [{ type: 'BookingPlaced', data: placed }]);
  await given(stack.store, paymentIntentAggregate, paymentIntentStream(intentId), [
    { type: 'PaymentIntentCreated', data: { intentId, bookingId, studio: 'kirova', total, prepayPercent: 100 } },
    { type: 'ProviderPaymentCreated', data: { intentId, paymentId, purpose: 'full', amount: total, confirmationUrl: `http://127.0.0.1/checkout/${paymentId}` } },
  ]);
  return { bookingId, intentId };
}

/** An abandoned checkout: its payment pending on the provider, nobody paying it, its hold gone. */
async function givenAbandonedCheckout(date: string) {
  const intentId = randomUUID();
  const payment = await stack.paymentProvider!.createPayment({
    amountKopecks: 200_000,
    description: 'Оплата бронирования',
    returnUrl: 'http://127.0.0.1/payment/success',
    metadata: { intentId },
    capture: true,
    idempotenceKey: intentId,
  });
  await givenCheckout(payment.id, date, intentId);
}

const setAsideEvents = async (intentId: string) => (await stack.store.readStream(paymentIntentStream(intentId))).filter((event) => event.type === 'ProviderPaymentSetAside');

describe('the workers\' payment sync', () => {
  it('records a payment the provider does not know, asks about it once and warns once', async () => {
    const warn = vi.spyOn(console, 'warn');
    const asked = askedAbout();
    try {
      // A checkout in progress: its hold is live, so every run asks about it.
      const live = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(futureDate(), ['10:00-11:00'], 0));
      const unknownId = `unknown-${randomUUID()}`;
      const { intentId } = await givenCheckout(unknownId, futureDate());

      const [event] = await eventually(async () => (await setAsideEvents(intentId)).length > 0 && setAsideEvents(intentId), 30_000);
      expect(event!.data).toEqual({ intentId, paymentId: unknownId, reason: 'unknown_to_provider' });
      // Two more runs after it: the live checkout is asked about again, the unknown payment not.
      const before = asked.count(live.paymentId);
      await expect.poll(() => asked.count(live.paymentId), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 2);
      expect(asked.count(unknownId)).toBe(1);
      expect(warn.mock.calls.filter(([message]) => String(message).includes(unknownId))).toHaveLength(1);
      expect(await setAsideEvents(intentId)).toHaveLength(1);
      // Settled, so the next spec's runs have only its own payments to ask about.
      stack.payments!.settle(live.paymentId, 'insufficient_funds');
    } finally {
      asked.restore();
      warn.mockRestore();
    }
  }, 90_000);

  it(`confirms a paid checkout whose notification was lost within 90 s, behind ${ABANDONED} abandoned checkouts, which leave the unsettled set`, async () => {
    const date = futureDate();
    for (let done = 0; done < ABANDONED; done += BATCH) {
      await Promise.all(Array.from({ length: Math.min(BATCH, ABANDONED - done) }, () => givenAbandonedCheckout(date)));
    }
    // Read models of thousands of checkouts, written while the sync already sets them aside, take the two cores a while:
    // in two of six fresh-clone runs of the whole suite (2026-11-28) they took over 180 s beside other files. A ceiling on
    // the setup, not on what the spec asserts (the paid checkout within 90 s, every abandoned one set aside).
    const recorded = async () => Number((await stack.pool.query<{ n: string }>(`SELECT count(*) AS n FROM provider_payments WHERE intent_id IN (SELECT intent_id FROM bookings WHERE blocks->0->>'date' = $1)`, [date])).rows[0]!.n);
    await eventually(async () => (await recorded()) === ABANDONED, 300_000, 500);
    const unsettled = async () =>
      Number((await stack.pool.query<{ n: string }>(`SELECT count(*) AS n FROM provider_payments WHERE status = 'pending' AND set_aside IS NULL`)).rows[0]!.n);
    console.log(`[payment-sync spec] ${await unsettled()} payments unsettled when the paid checkout is made`);

    const paid = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(futureDate(), ['14:00-15:00'], 0));
    stack.payments!.dropNotifications(true);
    try {
      stack.payments!.settle(paid.paymentId, 'paid');
      const start = performance.now();
      await eventually(async () => {
        const { rows } = await stack.pool.query<{ status: string }>(`SELECT b.status FROM bookings b JOIN payment_intents i ON i.booking_id = b.booking_id WHERE i.intent_id = $1`, [paid.intentId]);
        return rows[0]?.status === 'confirmed';
      }, 90_000, 200);
      const seconds = (performance.now() - start) / 1000;
      console.log(`[payment-sync spec] the paid checkout was confirmed ${seconds.toFixed(1)} s after it was paid`);
      expect(seconds).toBeLessThan(90);
    } finally {
      stack.payments!.dropNotifications(false);
    }

    // Every abandoned checkout's payment was asked about and set aside: the next runs have nothing left to ask.
    const abandoned = async () => Number((await stack.pool.query<{ n: string }>(`SELECT count(*) AS n FROM provider_payments WHERE set_aside = 'abandoned'`)).rows[0]!.n);
    const start = performance.now();
    await eventually(async () => (await abandoned()) === ABANDONED, 180_000, 500);
    console.log(`[payment-sync spec] all ${ABANDONED} abandoned payments set aside ${((performance.now() - start) / 1000).toFixed(1)} s later`);
    expect(await unsettled()).toBe(0);
  }, 600_000);
});
