import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, paymentIntentAggregate, paymentIntentStream, studioDayStream } from '@studio/domain';
import {
  createCommandHandler,
  createYooKassaClient,
  recordProviderStatus,
  startPaymentSandbox,
  startProcessManager,
  type CommandHandler,
  type PaymentProvider,
  type PaymentSandbox,
  type RunningProcess,
} from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { givenPrepaidBooking, openStack, type Stack } from '@studio/e2e/kit';
import { paymentOutcome } from '../payments/payment-outcome';
import { cancellationRefundId, netPaid } from '@studio/platform';
import { bookingCancellation } from './booking-cancellation';

let stack: Stack;
let commands: CommandHandler;
let sandbox: PaymentSandbox;
let provider: PaymentProvider;
let outcome: RunningProcess;
let cancellation: RunningProcess;
const deps = () => ({ store: stack.store, pool: stack.pool, commands: createCommandHandler(stack.store) });
const startCancellation = () => startProcessManager(bookingCancellation(provider), deps());
beforeAll(async () => {
  stack = await openStack({ name: 'booking_cancellation' });
  commands = createCommandHandler(stack.store);
  const credentials = { shopId: 'cancellation-shop', secretKey: `cancellation-${randomUUID()}` };
  sandbox = await startPaymentSandbox({ ...credentials, port: 0 });
  provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials, retry: { attempts: 1 } });
  outcome = await startProcessManager(paymentOutcome(provider), deps());
  cancellation = await startCancellation();
});
afterAll(async () => {
  await cancellation?.stop();
  await outcome?.stop();
  await sandbox?.close();
  await stack?.stop();
});

const TOTAL = 400_000;
const HALF = 200_000;
const customer = 'customer:c1';

/** A customer's 50% booking at kirova; `pay` settles a payment on the sandbox and records what the provider says of it. */
async function booking() {
  const made = await givenPrepaidBooking({ store: stack.store, paymentProvider: provider, payments: sandbox }, { total: TOTAL, prepayment: HALF, userId: 'c1' });
  const pay = async (paymentId: string) => {
    sandbox.settle(paymentId, 'paid');
    await recordProviderStatus(commands, provider, paymentId, {});
  };
  const bookingOf = async () => (await commands.read(bookingAggregate, bookingStream(made.bookingId))).state;
  const intentOf = async () => (await commands.read(paymentIntentAggregate, paymentIntentStream(made.intentId))).state;
  const date = (await bookingOf()).booking!.blocks[0]!.date;
  /** The rest of the price, taken and paid. */
  const payRest = async () => {
    const rest = await provider.createPayment({
      amountKopecks: TOTAL - HALF,
      description: 'Доплата',
      returnUrl: 'http://127.0.0.1/payment/success',
      metadata: { intentId: made.intentId, bookingId: made.bookingId, purpose: 'remainder' },
      capture: true,
      idempotenceKey: `${made.intentId}:remainder:1`,
    });
    await commands.handle(paymentIntentAggregate, {
      type: 'RecordProviderPayment',
      data: { intentId: made.intentId, paymentId: rest.id, purpose: 'remainder', amount: TOTAL - HALF, confirmationUrl: rest.confirmation!.confirmation_url! },
    });
    await pay(rest.id);
    return rest.id;
  };
  const cancel = async () =>
    commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId: made.bookingId, reason: 'customer', requestedBy: customer, now: testClock.now(), paid: netPaid(await intentOf()) } }, { actor: customer });
  return { ...made, date, pay, payRest, cancel, bookingOf, intentOf };
}

const dayEvents = async (date: string) => (await stack.store.readStream(studioDayStream('kirova', date))).map((e) => [e.type, (e.data as { reason?: string }).reason, e.metadata.actor]);

describe('booking cancellation', () => {
  it('frees a paid booking\'s cells and refunds every payment in full, once, even when every trigger is handled again', async () => {
    const b = await booking();
    await b.pay(b.prepaymentId);
    await eventually(async () => (await b.bookingOf()).status === 'confirmed');
    const restId = await b.payRest();
    await eventually(async () => (await b.bookingOf()).paid === TOTAL);

    await b.cancel();
    await eventually(async () => (await b.intentOf()).refunded === TOTAL);
    expect(await dayEvents(b.date)).toEqual([
      ['SlotsHeld', undefined, undefined],
      ['HoldConfirmed', undefined, 'system:payment-outcome'],
      ['BookingReleased', 'cancelled', 'system:booking-cancellation'],
    ]);
    const { refunds } = await b.intentOf();
    expect(refunds[cancellationRefundId(b.prepaymentId)]).toMatchObject({ paymentId: b.prepaymentId, amount: HALF, reason: 'booking_canceled', status: 'succeeded' });
    expect(refunds[cancellationRefundId(restId)]).toMatchObject({ paymentId: restId, amount: TOTAL - HALF, reason: 'booking_canceled', status: 'succeeded' });
    expect([...sandbox.refundsOf(b.prepaymentId), ...sandbox.refundsOf(restId)]).toHaveLength(2);

    // As if the process had lost all memory of what it handled: every cancellation is handled again.
    await cancellation.stop();
    await stack.pool.query(`DELETE FROM process_checkpoints WHERE process = 'booking-cancellation'`);
    await stack.pool.query(`DELETE FROM process_handled WHERE process = 'booking-cancellation'`);
    cancellation = await startCancellation();
    const marker = await booking();
    await marker.cancel();
    await eventually(async () => (await dayEvents(marker.date)).some(([type]) => type === 'HoldReleased'));
    expect([...sandbox.refundsOf(b.prepaymentId), ...sandbox.refundsOf(restId)]).toHaveLength(2);
    const intentTypes = (await stack.store.readStream(paymentIntentStream(b.intentId))).map((e) => e.type);
    expect(intentTypes.filter((type) => type === 'RefundRequested')).toHaveLength(2);
    expect((await dayEvents(b.date)).filter(([type]) => type === 'BookingReleased')).toHaveLength(1);
  });

  it('frees the holds of a booking cancelled before it was paid; a payment arriving after is refunded as the cancellation\'s', async () => {
    const b = await booking();
    await b.cancel();
    await eventually(async () => (await dayEvents(b.date)).some(([type]) => type === 'HoldReleased'));
    expect(await dayEvents(b.date)).toEqual([
      ['SlotsHeld', undefined, undefined],
      ['HoldReleased', 'cancelled', 'system:booking-cancellation'],
    ]);
    expect(Object.keys((await b.intentOf()).refunds)).toEqual([]);

    await b.pay(b.prepaymentId);
    await eventually(async () => (await b.intentOf()).refunded === HALF);
    expect(Object.values((await b.intentOf()).refunds)).toEqual([expect.objectContaining({ paymentId: b.prepaymentId, amount: HALF, reason: 'booking_canceled' })]);
    expect((await b.bookingOf()).status).toBe('canceled');
  });
});
