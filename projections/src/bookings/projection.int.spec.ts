import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingPlaced, BookingsTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { projectionSpec } from '../test-support';
import { bookingsProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<BookingsTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_bookings' });
  spec = projectionSpec(bookingsProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const placed: BookingPlaced = {
  bookingId: 'b1',
  intentId: 'i1',
  studio: 'pochta',
  customer: { name: 'Анна', phone: '79991234567', email: 'anna@example.ru', comment: 'Возьмём свой фон' },
  blocks: [{ date: '2030-02-01', cells: ['12:00', '12:30'], holdId: 'h1' }],
  format: { kind: 'with_photographer', photographerId: 'ph1', photographerName: 'Иван', peopleCount: 3 },
  services: [{ serviceId: 's1', name: 'Фон', format: 'perfoto', price: 50_000 }],
  price: { lines: [{ label: 'Фотограф, 1 ч', amount: 350_000 }, { label: 'Фон', amount: 50_000 }], total: 400_000 },
  prepayPercent: 100,
};

const rows = async (trx: Transaction<BookingsTables>) => ({
  booking: await trx.selectFrom('bookings').select(['status', 'customer_name', 'customer_phone', 'blocks', 'format', 'total', 'paid']).executeTakeFirst(),
  intent: await trx.selectFrom('payment_intents').select(['booking_id', 'total', 'paid']).executeTakeFirst(),
  payments: await trx.selectFrom('provider_payments').select(['payment_id', 'status', 'reason', 'amount']).orderBy('payment_id').execute(),
});

describe('bookings projection', () => {
  it('given a placed booking, its intent and a succeeded payment, then the booking is confirmed and the intent paid', async () => {
    const { rows: seen } = await spec
      .given('booking-b1', [{ type: 'BookingPlaced', data: placed }])
      .then(async (trx) => {
        await bookingsProjection.apply(trx, [
          recorded('payment-intent-i1', 'PaymentIntentCreated', { intentId: 'i1', bookingId: 'b1', studio: 'pochta', total: 400_000, prepayPercent: 100 }),
          recorded('payment-intent-i1', 'ProviderPaymentCreated', { intentId: 'i1', paymentId: 'p1', purpose: 'full', amount: 400_000, confirmationUrl: 'http://x/checkout/p1' }),
          recorded('payment-intent-i1', 'ProviderPaymentUpdated', { intentId: 'i1', paymentId: 'p1', status: 'succeeded' }),
          recorded('booking-b1', 'BookingConfirmed', { bookingId: 'b1', paymentId: 'p1', paid: 400_000 }),
        ]);
        return rows(trx);
      });
    expect(seen.booking).toEqual({
      status: 'confirmed',
      customer_name: 'Анна',
      customer_phone: '79991234567',
      blocks: placed.blocks,
      format: placed.format,
      total: '400000',
      paid: '400000',
    });
    expect(seen.intent).toEqual({ booking_id: 'b1', total: '400000', paid: '400000' });
    expect(seen.payments).toEqual([{ payment_id: 'p1', status: 'succeeded', reason: null, amount: '400000' }]);
  });

  it('given a declined payment, then the payment says why and nothing is paid', async () => {
    const { rows: seen } = await spec
      .given('payment-intent-i2', [
        { type: 'PaymentIntentCreated', data: { intentId: 'i2', bookingId: 'b2', studio: 'kirova', total: 200_000, prepayPercent: 100 } },
        { type: 'ProviderPaymentCreated', data: { intentId: 'i2', paymentId: 'p2', purpose: 'full', amount: 200_000, confirmationUrl: 'http://x/checkout/p2' } },
        { type: 'ProviderPaymentUpdated', data: { intentId: 'i2', paymentId: 'p2', status: 'canceled', reason: 'insufficient_funds' } },
      ])
      .then(rows);
    expect(seen.intent).toEqual({ booking_id: 'b2', total: '200000', paid: '0' });
    expect(seen.payments).toEqual([{ payment_id: 'p2', status: 'canceled', reason: 'insufficient_funds', amount: '200000' }]);
  });

  it('given a refund asked for, taken and settled, then the payment and its intent show what went back', async () => {
    const refund = { intentId: 'i3', refundId: 'r3', paymentId: 'p3', amount: 150_000, reason: 'staff', requestedBy: 'staff:anna' } as const;
    const { rows: seen } = await spec
      .given('payment-intent-i3', [
        { type: 'PaymentIntentCreated', data: { intentId: 'i3', bookingId: 'b3', studio: 'kirova', total: 400_000, prepayPercent: 100 } },
        { type: 'ProviderPaymentCreated', data: { intentId: 'i3', paymentId: 'p3', purpose: 'full', amount: 400_000, confirmationUrl: 'http://x/checkout/p3' } },
        { type: 'ProviderPaymentUpdated', data: { intentId: 'i3', paymentId: 'p3', status: 'succeeded' } },
        { type: 'RefundRequested', data: refund },
        { type: 'ProviderRefundCreated', data: { intentId: 'i3', refundId: 'r3', providerRefundId: 'pr3', status: 'pending' } },
        { type: 'RefundRequested', data: { ...refund, refundId: 'r4', amount: 50_000 } },
        { type: 'ProviderRefundCreated', data: { intentId: 'i3', refundId: 'r4', providerRefundId: 'pr4', status: 'canceled' } },
      ])
      .then(async (trx) => {
        const pending = await trx.selectFrom('provider_payments').select(['refunded_amount', 'refunded_total_amount']).executeTakeFirst();
        await bookingsProjection.apply(trx, [recorded('payment-intent-i3', 'ProviderRefundUpdated', { intentId: 'i3', refundId: 'r3', providerRefundId: 'pr3', status: 'succeeded' })]);
        return {
          pending,
          payment: await trx.selectFrom('provider_payments').select(['refunded_amount', 'refunded_total_amount']).executeTakeFirst(),
          intent: await trx.selectFrom('payment_intents').select(['paid', 'refunded_amount', 'refunded_total_amount']).executeTakeFirst(),
          refunds: await trx.selectFrom('payment_refunds').select(['refund_id', 'provider_refund_id', 'amount', 'status', 'reason', 'requested_by']).orderBy('refund_id').execute(),
        };
      });
    expect(seen.pending).toEqual({ refunded_amount: '0', refunded_total_amount: '150000' });
    expect(seen.payment).toEqual({ refunded_amount: '150000', refunded_total_amount: '150000' });
    expect(seen.intent).toEqual({ paid: '400000', refunded_amount: '150000', refunded_total_amount: '150000' });
    expect(seen.refunds).toEqual([
      { refund_id: 'r3', provider_refund_id: 'pr3', amount: '150000', status: 'succeeded', reason: 'staff', requested_by: 'staff:anna' },
      { refund_id: 'r4', provider_refund_id: 'pr4', amount: '50000', status: 'canceled', reason: 'staff', requested_by: 'staff:anna' },
    ]);
  });

  it('given a payment re-fetched with the status it had and a refund through its states, then each keeps the statuses it took, in order, once each', async () => {
    const { rows: seen } = await spec
      .given('payment-intent-i9', [
        { type: 'PaymentIntentCreated', data: { intentId: 'i9', bookingId: 'b9', studio: 'pochta', total: 100_000, prepayPercent: 100 } },
        { type: 'ProviderPaymentCreated', data: { intentId: 'i9', paymentId: 'p9', purpose: 'full', amount: 100_000, confirmationUrl: 'http://x/checkout/p9' } },
        { type: 'ProviderPaymentUpdated', data: { intentId: 'i9', paymentId: 'p9', status: 'pending' } },
        { type: 'ProviderPaymentUpdated', data: { intentId: 'i9', paymentId: 'p9', status: 'succeeded', method: 'bank_card' } },
        { type: 'ProviderPaymentUpdated', data: { intentId: 'i9', paymentId: 'p9', status: 'succeeded', method: 'bank_card' } },
        { type: 'RefundRequested', data: { intentId: 'i9', refundId: 'r9', paymentId: 'p9', amount: 10_000, reason: 'staff', requestedBy: 'staff:anna' } },
        { type: 'ProviderRefundCreated', data: { intentId: 'i9', refundId: 'r9', providerRefundId: 'pr9', status: 'pending' } },
        { type: 'ProviderRefundUpdated', data: { intentId: 'i9', refundId: 'r9', providerRefundId: 'pr9', status: 'succeeded' } },
      ])
      .then((trx) => trx.selectFrom('payment_status_changes').select(['kind', 'entry_id', 'status']).where('entry_id', 'in', ['p9', 'r9']).orderBy('position').execute());
    expect(seen).toEqual([
      { kind: 'payment', entry_id: 'p9', status: 'pending' },
      { kind: 'payment', entry_id: 'p9', status: 'succeeded' },
      { kind: 'refund', entry_id: 'r9', status: 'requested' },
      { kind: 'refund', entry_id: 'r9', status: 'pending' },
      { kind: 'refund', entry_id: 'r9', status: 'succeeded' },
    ]);
  });

  it('given a booking on two days, when its payment or a note is recorded, then both days\' calendars hear of it; an intent without a booking tells none', async () => {
    const twoDays = { ...placed, bookingId: 'b7', intentId: 'i7', blocks: [...placed.blocks, { date: '2030-02-03', cells: ['10:00'], holdId: 'h7' }] };
    const { rows: seen } = await spec.given('booking-b7', [{ type: 'BookingPlaced', data: twoDays }]).then(async (trx) => ({
      paid: await bookingsProjection.apply(trx, [recorded('payment-intent-i7', 'ProviderPaymentUpdated', { intentId: 'i7', paymentId: 'p7', status: 'succeeded' })]),
      noted: await bookingsProjection.apply(trx, [recorded('booking-b7', 'BookingNoteAdded', { bookingId: 'b7', text: 'Чек на почту', at: '2030-01-01T00:00:00Z', staffId: 's1', staffName: 'Анна' })]),
      orphan: await bookingsProjection.apply(trx, [recorded('payment-intent-i8', 'PaymentIntentCreated', { intentId: 'i8', bookingId: 'b8', studio: 'pochta', total: 1, prepayPercent: 100 })]),
    }));
    const days = [
      { event: 'bookingChange', payload: { studio: 'pochta', date: '2030-02-01' }, position: expect.any(String) },
      { event: 'bookingChange', payload: { studio: 'pochta', date: '2030-02-03' }, position: expect.any(String) },
    ];
    expect(seen.paid).toEqual(days);
    expect(seen.noted).toEqual(days);
    expect(seen.orphan).toEqual([]);
  });

  it('given the rest of a prepaid booking recorded, then the booking is paid in full', async () => {
    const { rows: seen } = await spec
      .given('booking-b5', [
        { type: 'BookingPlaced', data: { ...placed, bookingId: 'b5', intentId: 'i5', prepayPercent: 50 } },
        { type: 'BookingConfirmed', data: { bookingId: 'b5', paymentId: 'p5', paid: 200_000 } },
        { type: 'BookingPaymentRecorded', data: { bookingId: 'b5', paymentId: 'p6', amount: 200_000 } },
      ])
      .then((trx) => trx.selectFrom('bookings').select(['status', 'paid']).executeTakeFirst());
    expect(seen).toEqual({ status: 'confirmed', paid: '400000' });
  });
});

let next = 100;
function recorded(streamName: string, type: string, data: unknown) {
  next += 1;
  return { id: `e${next}`, type, data, metadata: {}, streamName, revision: 0n, position: `${String(1).padStart(20, '0')}/${String(next).padStart(20, '0')}`, createdAt: new Date('2030-01-01T00:00:00Z') };
}
