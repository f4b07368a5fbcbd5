// Checkouts cut off between their steps (issue 20: a database outage left bookings without a
// payment intent, or with one but no provider payment): nothing could ever pay them, so the
// workers' sweep cancels them once their holds have expired, as the system, with the holds
// released and the promo use given back. A checkout whose provider payment exists, or whose hold
// is still live, is left to its payment.
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStream, HOLDS_QUEUE, promoAggregate, promoStream, studioDayStream, SWEEP_EXPIRED_HOLDS_JOB, type Clock } from '@studio/domain';
import { createCommandHandler, type CommandHandler } from '@studio/platform';
import { eventually, TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { given, givenCheckout, openStack, type CheckoutStep, type Stack } from './kit';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
const MINUTE = 60_000;
const TOTAL = 400_000;
const PROMO = 'OBORVAN10';

let stack: Stack;
let commands: CommandHandler;
let queue: Queue;
beforeAll(async () => {
  stack = await openStack({ name: 'cut_off', projections: true, workers: true, clock });
  commands = createCommandHandler(stack.store);
  queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: stack.prefix });
  await given(stack.store, promoAggregate, promoStream(PROMO), [{ type: 'PromoCodeCreated', data: { code: PROMO, discountPercent: 10, usageLimit: 10, studios: ['pochta'], expiresAt: null } }]);
});
afterAll(async () => {
  await queue?.close();
  await stack?.stop();
});

/**
 * A checkout stopped after `lastStep`, its promo use taken first as command-api takes it (the
 * hold's release job never scheduled, as a lost one).
 */
async function checkoutUpTo(lastStep: CheckoutStep): Promise<{ bookingId: string; holdId: string; date: string }> {
  const bookingId = randomUUID();
  await commands.handle(promoAggregate, { type: 'UsePromoCode', data: { code: PROMO, bookingId, studio: 'pochta', now: clock.now() } });
  return givenCheckout(stack, { bookingId, total: TOTAL, prepayPercent: 100, upTo: lastStep, now: clock.now(), promoCode: PROMO });
}

const typesOf = async (stream: string) => (await stack.store.readStream(stream)).map((event) => event.type);

describe('checkouts cut off between their steps', () => {
  it('are cancelled by the sweep once their holds have expired; a paying or live checkout is left alone', async () => {
    const noIntent = await checkoutUpTo('booking');
    const noPayment = await checkoutUpTo('intent');
    const paying = await checkoutUpTo('payment');
    // Past the first three holds' expiry and the sweep's grace; the last one is placed then.
    offsetMs = 16 * MINUTE;
    const live = await checkoutUpTo('intent');
    await stack.caughtUp();

    await queue.add(SWEEP_EXPIRED_HOLDS_JOB, {});
    for (const cutOff of [noIntent, noPayment]) {
      const events = await eventually(async () => {
        const read = await stack.store.readStream(bookingStream(cutOff.bookingId));
        return read.some((event) => event.type === 'BookingCanceled') && read;
      }, 20_000);
      expect(events.map((event) => event.type)).toEqual(['BookingPlaced', 'BookingCanceled']);
      expect(events[1]).toMatchObject({ data: { bookingId: cutOff.bookingId, reason: 'hold_expired' }, metadata: { actor: 'system:cut-off-checkout' } });
      const released = (await stack.store.readStream(studioDayStream('pochta', cutOff.date))).filter((event) => event.type === 'HoldReleased');
      expect(released.map((event) => event.data)).toEqual([{ studio: 'pochta', date: cutOff.date, cells: ['12:00', '12:30'], holdId: cutOff.holdId, reason: 'expired' }]);
    }

    // The sweep freed the paying checkout's hold too, and every expired checkout's promo use came back.
    await eventually(async () => (await typesOf(studioDayStream('pochta', paying.date))).includes('HoldReleased'), 20_000);
    const promo = (await stack.store.readStream(promoStream(PROMO))).filter((event) => event.type === 'PromoCodeUseReturned');
    expect(promo.map((event) => (event.data as { bookingId: string }).bookingId).sort()).toEqual([noIntent.bookingId, noPayment.bookingId, paying.bookingId].sort());

    // A sweep over the caught-up read models leaves the paying booking to its payment, and the live one to its customer.
    await stack.caughtUp();
    const again = await queue.add(SWEEP_EXPIRED_HOLDS_JOB, {});
    await eventually(async () => (await again.getState()) === 'completed', 20_000);
    expect(await typesOf(bookingStream(paying.bookingId))).toEqual(['BookingPlaced']);
    expect(await typesOf(bookingStream(live.bookingId))).toEqual(['BookingPlaced']);
    expect(await typesOf(studioDayStream('pochta', live.date))).toEqual(['SlotsHeld']);
  }, 60_000);
});
