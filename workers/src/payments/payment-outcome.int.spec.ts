import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAggregate,
  bookingStream,
  paymentIntentAggregate,
  studioDayAggregate,
  studioDayStream,
  type BookingPlaced,
  type ProviderPaymentStatus,
} from '@studio/domain';
import { createCommandHandler, startProcessManager, type CommandHandler, type RunningProcess } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { futureDate, openStack, type Stack } from '@studio/e2e/kit';
import { paymentOutcome } from './payment-outcome';

let stack: Stack;
let commands: CommandHandler;
let running: RunningProcess;
beforeAll(async () => {
  stack = await openStack({ name: 'payment_outcome' });
  commands = createCommandHandler(stack.store);
  running = await startProcessManager(paymentOutcome, { store: stack.store, pool: stack.pool, commands: createCommandHandler(stack.store) });
});
afterAll(async () => {
  await running?.stop();
  await stack?.stop();
});

/** A checkout as the booking intent makes it: a hold per day, the booking, the intent and its provider payment. */
async function checkout(days: { date: string; cells: string[] }[]) {
  const bookingId = randomUUID();
  const intentId = randomUUID();
  const paymentId = `pay-${randomUUID()}`;
  const blocks = [];
  for (const { date, cells } of days) {
    const holdId = randomUUID();
    await commands.handle(studioDayAggregate, {
      type: 'HoldSlots',
      data: { studio: 'kirova', date, cells, holdId, bookingId, occupant: { phone: '79991234567' }, now: new Date(), holdMinutes: 15 },
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
    prepayPercent: 100,
  };
  await commands.handle(bookingAggregate, { type: 'PlaceBooking', data: booking });
  await commands.handle(paymentIntentAggregate, { type: 'CreatePaymentIntent', data: { intentId, bookingId, studio: 'kirova', total: 400_000, prepayPercent: 100 } });
  await commands.handle(paymentIntentAggregate, {
    type: 'RecordProviderPayment',
    data: { intentId, paymentId, purpose: 'full', amount: 400_000, confirmationUrl: `http://127.0.0.1/checkout/${paymentId}` },
  });
  const settle = (status: ProviderPaymentStatus, reason?: string) =>
    commands.handle(paymentIntentAggregate, { type: 'RecordProviderStatus', data: { intentId, paymentId, status, ...(reason ? { reason } : {}) } });
  return { bookingId, blocks, settle };
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

  it('acts once per outcome when its input is replayed', async () => {
    const date = futureDate();
    const { bookingId, settle } = await checkout([{ date, cells: ['16:00'] }]);
    await settle('succeeded');
    await eventually(async () => (await bookingOf(bookingId)).status === 'confirmed');
    await running.stop();
    await stack.pool.query(`DELETE FROM process_checkpoints WHERE process = 'payment-outcome'`);
    running = await startProcessManager(paymentOutcome, { store: stack.store, pool: stack.pool, commands: createCommandHandler(stack.store) });
    const marker = await checkout([{ date: futureDate(), cells: ['17:00'] }]);
    await marker.settle('canceled');
    await eventually(async () => (await bookingOf(marker.bookingId)).status === 'canceled');
    expect((await stack.store.readStream(bookingStream(bookingId))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
    expect(await dayTypes(date)).toEqual(['SlotsHeld', 'HoldConfirmed']);
  });
});
