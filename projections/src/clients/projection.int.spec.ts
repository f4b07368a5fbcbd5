import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCreatedByStaff, BookingPlaced, ClientsTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { projectionSpec, type StreamEvent } from '../test-support';
import { clientIdOf } from './client-identity';
import { clientsProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<ClientsTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_clients' });
  spec = projectionSpec(clientsProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const PHONE = '+79991234567';

const registered = (customerId: string, phone: string, at = '2030-01-05T10:00:00.000Z'): StreamEvent => ({
  stream: `customer-${customerId}`,
  type: 'CustomerRegistered',
  data: { customerId, name: 'Анна', surname: 'Петрова', email: 'anna@example.ru', phone, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', registeredAt: at },
  at,
});

/** A customer's or guest's checkout at pochta of two cells on `date`, 4 000 ₽. */
function placed(bookingId: string, phone: string, date: string, at: string, customer: Partial<BookingPlaced['customer']> = {}): StreamEvent {
  const data: BookingPlaced = {
    bookingId,
    intentId: `i-${bookingId}`,
    studio: 'pochta',
    customer: { name: 'Анна Смирнова', phone, email: 'guest@example.ru', comment: '', ...customer },
    blocks: [{ date, cells: ['12:00', '12:30'], holdId: `h-${bookingId}` }],
    format: { kind: 'with_photographer', peopleCount: 2 },
    services: [{ serviceId: 's1', name: 'Фон', format: 'perfoto', price: 50_000 }],
    price: { lines: [{ label: 'Аренда', amount: 400_000 }], total: 400_000 },
    prepayPercent: 100,
  };
  return { stream: `booking-${bookingId}`, type: 'BookingPlaced', data, at };
}

/** The checkout's payment taken and confirmed by the provider, and the booking confirmed. */
const paid = (bookingId: string, amount = 400_000, at = '2030-01-01T00:00:00.000Z'): StreamEvent[] => [
  { stream: `payment-intent-i-${bookingId}`, type: 'ProviderPaymentCreated', data: { intentId: `i-${bookingId}`, paymentId: `p-${bookingId}`, purpose: 'full', amount, confirmationUrl: 'http://x/p' }, at },
  { stream: `payment-intent-i-${bookingId}`, type: 'ProviderPaymentUpdated', data: { intentId: `i-${bookingId}`, paymentId: `p-${bookingId}`, status: 'succeeded' }, at },
  { stream: `booking-${bookingId}`, type: 'BookingConfirmed', data: { bookingId, paymentId: `p-${bookingId}`, paid: amount }, at },
];

function byStaff(bookingId: string, customer: BookingCreatedByStaff['customer'], date: string, at: string, technical = false): StreamEvent {
  const data: BookingCreatedByStaff = {
    bookingId,
    intentId: `i-${bookingId}`,
    studio: 'kirova',
    staffId: 'staff-1',
    technical,
    customer,
    blocks: [{ date, cells: ['18:00', '18:30', '19:00', '19:30'] }],
    peopleCount: 1,
    price: { lines: [{ label: 'Аренда зала', amount: 500_000 }], total: 500_000 },
    payment: 'transfer',
    prepayPercent: 100,
  };
  return { stream: `booking-${bookingId}`, type: 'BookingCreatedByStaff', data, at };
}

const transferred = (bookingId: string, amount: number): StreamEvent => ({
  stream: `payment-intent-i-${bookingId}`,
  type: 'TransferPaymentRecorded',
  data: { intentId: `i-${bookingId}`, paymentId: `tr_${bookingId}`, purpose: 'full', amount, recordedBy: 'staff:staff-1' },
});

const refund = (bookingId: string, refundId: string, amount: number, status?: 'succeeded' | 'canceled'): StreamEvent[] => [
  { stream: `payment-intent-i-${bookingId}`, type: 'RefundRequested', data: { intentId: `i-${bookingId}`, refundId, paymentId: `p-${bookingId}`, amount, reason: 'staff', requestedBy: 'staff:staff-1' } },
  ...(status ? [{ stream: `payment-intent-i-${bookingId}`, type: 'ProviderRefundUpdated', data: { intentId: `i-${bookingId}`, refundId, providerRefundId: `pr-${refundId}`, status } }] : []),
];

const clients = (trx: Transaction<ClientsTables>) =>
  trx
    .selectFrom('clients')
    .select(['id', 'phone', 'user_id', 'name', 'surname', 'email', 'created_at', 'booking_ids', 'total_bookings', 'total_spent', sql<string | null>`last_booking_date::text`.as('last_booking_date'), 'last_booking_created', 'search'])
    .orderBy('phone')
    .execute();

describe('clients projection', () => {
  it('given a guest, an account and a staff booking under one phone in three spellings, then one client with the account\'s name and every booking counted', async () => {
    const { rows } = await spec
      .givenStreams([
        placed('b1', '79991234567', '2030-02-01', '2030-01-02T09:00:00.000Z'),
        ...paid('b1'),
        registered('c1', PHONE),
        byStaff('b2', { name: 'Аня', phone: '79991234567', comment: '' }, '2030-02-10', '2030-01-06T09:00:00.000Z'),
        transferred('b2', 500_000),
        placed('b3', '89991234567', '2030-01-20', '2030-01-07T09:00:00.000Z', { userId: 'c1' }),
        ...paid('b3', 200_000),
      ])
      .then(clients);
    expect(rows).toEqual([
      {
        id: clientIdOf(PHONE),
        phone: PHONE,
        user_id: 'c1',
        name: 'Анна',
        surname: 'Петрова',
        email: 'anna@example.ru',
        created_at: new Date('2030-01-02T09:00:00.000Z'),
        booking_ids: ['b1', 'b2', 'b3'],
        total_bookings: 3,
        total_spent: String(400_000 + 500_000 + 200_000),
        // The latest day booked, whichever booking was made last.
        last_booking_date: '2030-02-10',
        last_booking_created: new Date('2030-01-07T09:00:00.000Z'),
        search: 'анна петрова anna@example.ru 79991234567',
      },
    ]);
  });

  it('given a guest who paid and one whose checkout lapsed, then only the one who paid is a client, known by the booking\'s name and e-mail', async () => {
    const { rows } = await spec
      .givenStreams([
        placed('b1', '79130000001', '2030-02-01', '2030-01-02T09:00:00.000Z', { name: 'Семён Ёлкин', email: 'semen@example.ru' }),
        ...paid('b1'),
        placed('b2', '79130000002', '2030-02-01', '2030-01-02T09:00:00.000Z'),
        { stream: 'booking-b2', type: 'BookingCanceled', data: { bookingId: 'b2', reason: 'hold_expired' } },
      ])
      .then(clients);
    expect(rows).toMatchObject([{ phone: '+79130000001', user_id: null, name: 'Семён', surname: 'Ёлкин', email: 'semen@example.ru', total_bookings: 1, search: 'семен елкин semen@example.ru 79130000001' }]);
  });

  it('given a booking cancelled after payment with part refunded, then it stays in the history, is no longer counted, and only the refund that went through is taken off', async () => {
    const { rows } = await spec
      .givenStreams([
        placed('b1', '79991234567', '2030-02-01', '2030-01-02T09:00:00.000Z'),
        ...paid('b1'),
        placed('b2', '79991234567', '2030-03-01', '2030-01-03T09:00:00.000Z'),
        ...paid('b2'),
        { stream: 'booking-b2', type: 'BookingCanceled', data: { bookingId: 'b2', reason: 'staff', requestedBy: 'staff:staff-1' } },
        ...refund('b2', 'r1', 300_000, 'succeeded'),
        ...refund('b2', 'r2', 50_000),
        ...refund('b2', 'r3', 20_000, 'canceled'),
      ])
      .then(clients);
    expect(rows).toMatchObject([
      {
        booking_ids: ['b1', 'b2'],
        total_bookings: 1,
        total_spent: String(400_000 + 400_000 - 300_000),
        last_booking_date: '2030-02-01',
        last_booking_created: new Date('2030-01-02T09:00:00.000Z'),
      },
    ]);
  });

  it('given a technical booking and a staff booking of a foreign number, then the studio blocking itself is nobody, the foreign number a client of its own', async () => {
    const { rows } = await spec
      .givenStreams([
        byStaff('b1', { name: '', phone: '', comment: '' }, '2030-02-01', '2030-01-02T09:00:00.000Z', true),
        byStaff('b2', { name: 'Olena Koval', phone: '380501234567', email: 'olena@example.com', comment: '' }, '2030-02-02', '2030-01-02T09:00:00.000Z'),
      ])
      .then(clients);
    expect(rows).toMatchObject([{ phone: '+380501234567', name: 'Olena', surname: 'Koval', email: 'olena@example.com', total_bookings: 1, total_spent: '0' }]);
  });

  it('given a profile change and a moved booking, then the client shows the new name and the new day', async () => {
    const { rows } = await spec
      .givenStreams([
        registered('c1', PHONE),
        placed('b1', '79991234567', '2030-02-01', '2030-01-06T09:00:00.000Z', { userId: 'c1' }),
        ...paid('b1'),
        { stream: 'customer-c1', type: 'CustomerProfileChanged', data: { customerId: 'c1', name: 'Анна', surname: 'Иванова', email: null } },
        { stream: 'booking-b1', type: 'BookingMoved', data: { bookingId: 'b1', from: [{ date: '2030-02-01', cells: ['12:00', '12:30'] }], to: { date: '2030-02-05', cells: ['15:00', '15:30'] } } },
      ])
      .then(clients);
    expect(rows).toMatchObject([{ surname: 'Иванова', email: null, last_booking_date: '2030-02-05', created_at: new Date('2030-01-05T10:00:00.000Z'), search: 'анна иванова 79991234567' }]);
  });

  it('given a booking the customer rescheduled to a later day at a new price, then the client\'s last booking is on the new day and the booking keeps the new price', async () => {
    const {
      rows: { rows, booking },
    } = await spec
      .givenStreams([
        placed('b1', '79991234567', '2030-02-01', '2030-01-06T09:00:00.000Z'),
        ...paid('b1'),
        {
          stream: 'booking-b1',
          type: 'BookingRescheduled',
          data: {
            bookingId: 'b1',
            holdId: 'h-b1-re',
            from: { date: '2030-02-01', cells: ['12:00', '12:30'] },
            to: { date: '2030-02-09', cells: ['16:00', '16:30'] },
            previousTotal: 400_000,
            price: { lines: [{ label: 'Аренда', amount: 450_000 }], total: 450_000 },
            charge: 50_000,
            refund: 0,
            policyVersion: 1,
            requestedBy: 'customer:c1',
          },
        },
      ])
      .then(async (trx) => ({ rows: await clients(trx), booking: await trx.selectFrom('client_bookings').select([sql<string>`first_date::text`.as('first_date'), sql<string>`last_date::text`.as('last_date'), sql<number>`total::int`.as('total')]).executeTakeFirstOrThrow() }));
    expect(rows).toMatchObject([{ phone: PHONE, last_booking_date: '2030-02-09' }]);
    expect(booking).toEqual({ first_date: '2030-02-09', last_date: '2030-02-09', total: 450_000 });
  });

  it('given an account withdrawn for a taken phone, then the winner is the client, and a withdrawn account alone is no client', async () => {
    const { rows } = await spec
      .givenStreams([
        registered('winner', PHONE, '2030-01-05T10:00:00.000Z'),
        registered('loser', PHONE, '2030-01-05T10:00:01.000Z'),
        { stream: 'customer-loser', type: 'CustomerRegistrationWithdrawn', data: { customerId: 'loser', reason: 'phone_taken' } },
        registered('alone', '+79130000009'),
        { stream: 'customer-alone', type: 'CustomerRegistrationWithdrawn', data: { customerId: 'alone', reason: 'phone_taken' } },
      ])
      .then(clients);
    expect(rows).toMatchObject([{ phone: PHONE, user_id: 'winner', booking_ids: [], total_bookings: 0, last_booking_date: null, last_booking_created: null }]);
  });
});
