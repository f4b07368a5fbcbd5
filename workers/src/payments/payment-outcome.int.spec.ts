import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAggregate,
  bookingStream,
  paymentIntentAggregate,
  paymentIntentStream,
  studioDayAggregate,
  studioDayStream,
  type BookingPlaced,
  type ProviderPaymentStatus,
} from '@studio/domain';
import {
  createCommandHandler,
  createYooKassaClient,
  refundIdempotenceKey,
  startPaymentSandbox,
  startProcessManager,
  valueToKopecks,
  type CommandHandler,
  type PaymentProvider,
  type PaymentSandbox,
  type RunningProcess,
} from '@studio/platform';
import { eventually, testClock } from '@studio/platform/testing';
import { futureDate, openStack, type Stack } from '@studio/e2e/kit';
import { paymentOutcome } from './payment-outcome';

let stack: Stack;
let commands: CommandHandler;
let running: RunningProcess;
let sandbox: PaymentSandbox;
let provider: PaymentProvider;
const startProcess = () => startProcessManager(paymentOutcome(provider), { store: stack.store, pool: stack.pool, commands: createCommandHandler(stack.store) });
beforeAll(async () => {
  stack = await openStack({ name: 'payment_outcome' });
  commands = createCommandHandler(stack.store);
  const credentials = { shopId: 'outcome-shop', secretKey: `outcome-${randomUUID()}` };
  sandbox = await startPaymentSandbox({ ...credentials, port: 0 });
  provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials, retry: { attempts: 1 } });
  running = await startProcess();
});
afterAll(async () => {
  await running?.stop();
  await sandbox?.close();
  await stack?.stop();
});

/** A checkout as the booking intent makes it: a hold per day, the booking, the intent and its provider payment (paid on the sandbox). */
async function checkout(days: { date: string; cells: string[] }[], prepayPercent: 50 | 100 = 100) {
  const bookingId = randomUUID();
  const intentId = randomUUID();
  const purpose = prepayPercent === 50 ? 'prepayment' : 'full';
  const amount = (400_000 * prepayPercent) / 100;
  const paid = (kind: string) =>
    provider
      .createPayment({
        amountKopecks: amount,
        description: 'Бронирование',
        returnUrl: 'http://127.0.0.1/payment/success',
        metadata: { intentId, bookingId, purpose: kind },
        capture: true,
        idempotenceKey: `${intentId}:${kind}:1`,
      })
      .then(({ id }) => sandbox.settle(id, 'paid').id);
  const paymentId = await paid(purpose);
  const blocks = [];
  for (const { date, cells } of days) {
    const holdId = randomUUID();
    await commands.handle(studioDayAggregate, {
      type: 'HoldSlots',
      data: { studio: 'kirova', date, cells, holdId, bookingId, occupant: { phone: '79991234567' }, now: testClock.now(), holdMinutes: 15 },
    });
    blocks.push({ date, cells, holdId });
  }
  const booking: BookingPlaced = {
    bookingId,
    intentId,
    studio: 'kirova',
    customer: { name: 'Анна', phone: '79991234567', email: 'anna@example.ru', comment: '' },
    blocks,
    format: { kind: 'self', peopleCount: 1 },
    services: [],
    price: { lines: [{ label: 'Аренда зала', amount: 400_000 }], total: 400_000 },
    prepayPercent,
  };
  await commands.handle(bookingAggregate, { type: 'PlaceBooking', data: booking });
  await commands.handle(paymentIntentAggregate, { type: 'CreatePaymentIntent', data: { intentId, bookingId, studio: 'kirova', total: 400_000, prepayPercent } });
  await commands.handle(paymentIntentAggregate, {
    type: 'RecordProviderPayment',
    data: { intentId, paymentId, purpose, amount, confirmationUrl: `http://127.0.0.1/checkout/${paymentId}` },
  });
  const settle = (status: ProviderPaymentStatus, reason?: string, id = paymentId) =>
    commands.handle(paymentIntentAggregate, { type: 'RecordProviderStatus', data: { intentId, paymentId: id, status, ...(reason ? { reason } : {}) } });
  /** The rest of a 50% prepayment, taken and paid on the sandbox, its status not yet recorded. */
  const payRest = async () => {
    const restId = await paid('remainder');
    await commands.handle(paymentIntentAggregate, {
      type: 'RecordProviderPayment',
      data: { intentId, paymentId: restId, purpose: 'remainder', amount: 400_000 - amount, confirmationUrl: `http://127.0.0.1/checkout/${restId}` },
    });
    return restId;
  };
  return { bookingId, intentId, paymentId, blocks, settle, payRest };
}

const bookingOf = async (bookingId: string) => (await commands.read(bookingAggregate, bookingStream(bookingId))).state;
const dayTypes = async (date: string) => (await stack.store.readStream(studioDayStream('kirova', date))).map((e) => e.type);

describe('payment outcome', () => {
  it('a succeeded payment books every held day and confirms the booking with what was paid', async () => {
    const [d1, d2] = [futureDate(), futureDate()];
    const { bookingId, settle } = await checkout([{ date: d1, cells: ['12:00', '12:30'] }, { date: d2, cells: ['18:00'] }]);
    await settle('succeeded');
    await eventually(async () => (await bookingOf(bookingId)).status === 'confirmed');
    expect(await bookingOf(bookingId)).toMatchObject({ status: 'confirmed', paid: 400_000 });
    expect(await dayTypes(d1)).toEqual(['SlotsHeld', 'HoldConfirmed']);
    expect(await dayTypes(d2)).toEqual(['SlotsHeld', 'HoldConfirmed']);
    const [confirmation] = (await stack.store.readStream(bookingStream(bookingId))).filter((e) => e.type === 'BookingConfirmed');
    expect(confirmation?.metadata).toMatchObject({ actor: 'system:payment-outcome', causationId: expect.stringMatching(/^event:/) });
  });

  it('a cancelled payment gives the cells back at once and cancels the booking', async () => {
    const date = futureDate();
    const { bookingId, settle } = await checkout([{ date, cells: ['14:00'] }]);
    await settle('canceled', 'insufficient_funds');
    await eventually(async () => (await bookingOf(bookingId)).status === 'canceled');
    expect(await dayTypes(date)).toEqual(['SlotsHeld', 'HoldReleased']);
  });

  it('a payment that succeeds after a day\'s hold expired cancels the booking and gives back the days it had', async () => {
    const [d1, d2] = [futureDate(), futureDate()];
    const { bookingId, blocks, settle } = await checkout([{ date: d1, cells: ['10:00'] }, { date: d2, cells: ['11:00'] }]);
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio: 'kirova', date: d2, holdId: blocks[1]!.holdId, reason: 'expired' } });
    await settle('succeeded');
    await eventually(async () => (await bookingOf(bookingId)).status === 'canceled');
    expect(await dayTypes(d1)).toEqual(['SlotsHeld', 'HoldConfirmed', 'BookingReleased']);
    expect(await dayTypes(d2)).toEqual(['SlotsHeld', 'HoldReleased']);
    const [canceled] = (await stack.store.readStream(bookingStream(bookingId))).filter((e) => e.type === 'BookingCanceled');
    expect(canceled?.data).toEqual({ bookingId, reason: 'hold_expired' });
  });

  it('refunds the whole of a payment that came after its hold expired, once, even when every trigger is handled again', async () => {
    const date = futureDate();
    const { bookingId, intentId, paymentId, blocks, settle } = await checkout([{ date, cells: ['12:00', '12:30'] }]);
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio: 'kirova', date, holdId: blocks[0]!.holdId, reason: 'expired' } });
    await settle('succeeded');
    const refunded = async () => (await commands.read(paymentIntentAggregate, paymentIntentStream(intentId))).state;
    await eventually(async () => (await refunded()).refunded === 400_000);
    expect((await bookingOf(bookingId)).status).toBe('canceled');
    const [refund] = sandbox.refundsOf(paymentId);
    expect(sandbox.refundsOf(paymentId)).toHaveLength(1);
    expect(refund).toMatchObject({ status: 'succeeded', payment_id: paymentId });
    expect(valueToKopecks(refund!.amount.value)).toBe(400_000);
    const [requested] = (await stack.store.readStream(paymentIntentStream(intentId))).filter((e) => e.type === 'RefundRequested');
    expect(requested?.data).toMatchObject({ paymentId, amount: 400_000, reason: 'hold_expired', requestedBy: 'system:payment-outcome' });

    // As if the process had lost all memory of what it handled: every trigger is handled again.
    await running.stop();
    await stack.pool.query(`DELETE FROM process_checkpoints WHERE process = 'payment-outcome'`);
    await stack.pool.query(`DELETE FROM process_handled WHERE process = 'payment-outcome'`);
    running = await startProcess();
    const marker = await checkout([{ date: futureDate(), cells: ['17:00'] }]);
    await marker.settle('canceled');
    await eventually(async () => (await bookingOf(marker.bookingId)).status === 'canceled');
    expect(sandbox.refundsOf(paymentId)).toHaveLength(1);
    const intentEvents = (await stack.store.readStream(paymentIntentStream(intentId))).map((e) => e.type);
    expect(intentEvents.filter((type) => type === 'RefundRequested' || type === 'ProviderRefundCreated')).toEqual(['RefundRequested', 'ProviderRefundCreated']);
  });

  it('a refund whose provider answer was lost in a crash is recorded from the same key, not made twice', async () => {
    const date = futureDate();
    const { intentId, paymentId, blocks } = await checkout([{ date, cells: ['14:00'] }]);
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio: 'kirova', date, holdId: blocks[0]!.holdId, reason: 'expired' } });
    // The succeeded payment is recorded and, before the process sees it, the refund asked for and made at the provider.
    await running.stop();
    await commands.handle(paymentIntentAggregate, { type: 'RecordProviderStatus', data: { intentId, paymentId, status: 'succeeded' } });
    const refundId = `whole:${paymentId}`;
    await commands.handle(paymentIntentAggregate, {
      type: 'RequestRefund',
      data: { intentId, refundId, paymentId, amount: 400_000, reason: 'hold_expired', requestedBy: 'system:payment-outcome' },
    });
    const lost = await provider.createRefund({ paymentId, amountKopecks: 400_000, idempotenceKey: refundIdempotenceKey(refundId) });
    running = await startProcess();
    await eventually(async () => (await commands.read(paymentIntentAggregate, paymentIntentStream(intentId))).state.refunded === 400_000);
    expect(sandbox.refundsOf(paymentId).map((refund) => refund.id)).toEqual([lost.id]);
    expect((await commands.read(paymentIntentAggregate, paymentIntentStream(intentId))).state.refunds[refundId]).toMatchObject({ providerRefundId: lost.id, status: 'succeeded' });
  });

  it('the rest of a 50% prepayment is added to its confirmed booking, once', async () => {
    const date = futureDate();
    const { bookingId, settle, payRest } = await checkout([{ date, cells: ['19:00'] }], 50);
    await settle('succeeded');
    await eventually(async () => (await bookingOf(bookingId)).status === 'confirmed');
    expect((await bookingOf(bookingId)).paid).toBe(200_000);
    const restId = await payRest();
    await settle('succeeded', undefined, restId);
    await eventually(async () => (await bookingOf(bookingId)).paid === 400_000);
    expect(await dayTypes(date)).toEqual(['SlotsHeld', 'HoldConfirmed']);
    const types = (await stack.store.readStream(bookingStream(bookingId))).map((e) => e.type);
    expect(types).toEqual(['BookingPlaced', 'BookingConfirmed', 'BookingPaymentRecorded']);
  });

  it('the rest paid for a booking cancelled meanwhile is refunded', async () => {
    const { bookingId, intentId, settle, payRest } = await checkout([{ date: futureDate(), cells: ['20:00'] }], 50);
    await settle('succeeded');
    await eventually(async () => (await bookingOf(bookingId)).status === 'confirmed');
    const restId = await payRest();
    await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'staff', requestedBy: 'staff:test' } });
    await settle('succeeded', undefined, restId);
    await eventually(async () => (await commands.read(paymentIntentAggregate, paymentIntentStream(intentId))).state.refunded === 200_000);
    expect(sandbox.refundsOf(restId)).toHaveLength(1);
    expect((await bookingOf(bookingId)).paid).toBe(200_000);
  });

  it('a staff booking\'s link, its cells reserved outright: paid, the money is added; declined, the booking stays booked and unpaid', async () => {
    const date = futureDate();
    const staffBooking = async (cell: string) => {
      const bookingId = randomUUID();
      const intentId = randomUUID();
      await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio: 'kirova', date, cells: [cell], bookingId, occupant: { phone: '79990001122' }, adminId: 's1' } });
      await commands.handle(bookingAggregate, {
        type: 'CreateStaffBooking',
        data: {
          bookingId,
          intentId,
          studio: 'kirova',
          staffId: 's1',
          technical: false,
          customer: { name: 'Иван', phone: '79990001122', comment: '' },
          blocks: [{ date, cells: [cell] }],
          peopleCount: 1,
          price: { lines: [], total: 150_000 },
          payment: 'link',
          prepayPercent: 100,
        },
      });
      await commands.handle(paymentIntentAggregate, { type: 'CreatePaymentIntent', data: { intentId, bookingId, studio: 'kirova', total: 150_000, prepayPercent: 100 } });
      const paymentId = `staff-${randomUUID()}`;
      await commands.handle(paymentIntentAggregate, { type: 'RecordProviderPayment', data: { intentId, paymentId, purpose: 'full', amount: 150_000, confirmationUrl: 'http://127.0.0.1/checkout/x' } });
      return { bookingId, settle: (status: ProviderPaymentStatus) => commands.handle(paymentIntentAggregate, { type: 'RecordProviderStatus', data: { intentId, paymentId, status } }) };
    };
    const paid = await staffBooking('12:00');
    const declined = await staffBooking('13:00');
    await declined.settle('canceled');
    await paid.settle('succeeded');
    await eventually(async () => (await bookingOf(paid.bookingId)).paid === 150_000);
    expect((await stack.store.readStream(bookingStream(paid.bookingId))).map((e) => e.type)).toEqual(['BookingCreatedByStaff', 'BookingPaymentRecorded']);
    // The decline was handed over first: the paid booking's payment shows it has been dealt with.
    expect((await stack.store.readStream(bookingStream(declined.bookingId))).map((e) => e.type)).toEqual(['BookingCreatedByStaff']);
    expect(await bookingOf(declined.bookingId)).toMatchObject({ status: 'confirmed', paid: 0 });
    expect(await dayTypes(date)).toEqual(['SlotsReserved', 'SlotsReserved']);
  });

  it('acts once per outcome when its input is replayed', async () => {
    const date = futureDate();
    const { bookingId, settle } = await checkout([{ date, cells: ['16:00'] }]);
    await settle('succeeded');
    await eventually(async () => (await bookingOf(bookingId)).status === 'confirmed');
    await running.stop();
    await stack.pool.query(`DELETE FROM process_checkpoints WHERE process = 'payment-outcome'`);
    running = await startProcess();
    const marker = await checkout([{ date: futureDate(), cells: ['17:00'] }]);
    await marker.settle('canceled');
    await eventually(async () => (await bookingOf(marker.bookingId)).status === 'canceled');
    expect((await stack.store.readStream(bookingStream(bookingId))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
    expect(await dayTypes(date)).toEqual(['SlotsHeld', 'HoldConfirmed']);
  });
});
