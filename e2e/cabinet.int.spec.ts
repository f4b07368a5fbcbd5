// The customer's cabinet over HTTP (issue 8): GET /api/users/{id}/bookings lists the bookings of a
// signed-in customer (a guest's made with their phone included), PUT /api/bookings/{id}/cancel
// gives one up by its studio's change policy (the workers free its cells and refund the quote), and
// POST /api/payments/{paymentId}/pay-rest takes the rest of a 50% prepayment.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingStream,
  paymentIntentStream,
  studioDayStream,
  type UserBookingRow,
} from '@studio/domain';
import { eventually } from '@studio/platform/testing';
import { checkoutAtServerPrice, futureDate, givenPrepaidBooking, guestIntentBody, openStack, postJson, registerVerifiedCustomer, type TestCustomer, type Stack } from './kit';

let stack: Stack;
let anna: TestCustomer;
beforeAll(async () => {
  stack = await openStack({ name: 'cabinet', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  // Verified: the guest bookings made with her phone are hers.
  anna = await registerVerifiedCustomer(stack, { phone: '+7 (999) 123-45-67' });
});
afterAll(() => stack?.stop());

const listOf = async (customer: TestCustomer): Promise<UserBookingRow[]> => {
  const res = await stack.query(`/api/users/${customer.id}/bookings`, { cookie: customer.cookie });
  expect(res.status).toBe(200);
  return res.body;
};
/** The list once `ready` holds for it (the read model follows the payments and the workers). */
const listWhen = (customer: TestCustomer, ready: (rows: UserBookingRow[]) => boolean) =>
  eventually(async () => {
    const rows = await listOf(customer);
    return ready(rows) && rows;
  }, 20_000);
const cancel = (bookingId: string, cookie: string, query = '') => postJson(stack.commandUrl, `/api/bookings/${bookingId}/cancel${query}`, undefined, 'PUT', { cookie });
const takenCells = async (date: string) => {
  const { body } = await stack.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`);
  return Object.entries(body.data[date].slots as Record<string, { available: boolean }>).filter(([, s]) => !s.available).map(([range]) => range);
};
const kopecks = (roubles: number) => Math.round(roubles * 100);

/** A guest checkout at pochta with Anna's phone (as she would have booked before registering), paid on the sandbox. */
async function guestBooking(slots: { date: string; time: string }[]) {
  const body = { ...guestIntentBody(slots[0]!.date, [], 0), timeSlots: slots };
  const checkout = await checkoutAtServerPrice(stack.commandUrl, body);
  stack.payments!.settle(checkout.paymentId, 'paid');
  return checkout;
}

describe('GET /api/users/{id}/bookings', () => {
  it('lists a guest booking made with the customer\'s phone, one row per date, a two-day booking as a group, by date and time', async () => {
    const [d1, d2, d3] = [futureDate(), futureDate(), futureDate()];
    const single = await guestBooking([
      { date: d1, time: '16:00-17:00' },
      { date: d1, time: '12:00-13:00' },
      { date: d1, time: '13:00-14:00' },
    ]);
    const group = await guestBooking([
      { date: d3, time: '18:00-19:00' },
      { date: d3, time: '19:00-20:00' },
      { date: d2, time: '10:00-11:00' },
    ]);
    // Someone else's guest booking on the same day is not Anna's.
    await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(d1, ['20:00-21:00'], 0), contact: { name: 'Борис', phone: '+7 (913) 000-00-01', email: 'b@example.ru', comment: '' } });

    const rows = await listWhen(anna, (seen) => seen.length === 3 && seen.every((row) => row.status === 'confirmed' && row.payment_method !== null));
    expect(rows.map((row) => [row.date, row.time_start, row.time_end])).toEqual([
      [d1, '12:00', '17:00'],
      [d2, '10:00', '11:00'],
      [d3, '18:00', '20:00'],
    ]);
    const [one, first, second] = rows as [UserBookingRow, UserBookingRow, UserBookingRow];
    expect(one).toMatchObject({
      group_id: null,
      intent_id: single.intentId,
      studio: 'pochta',
      time_ranges: [
        { start: '12:00', end: '14:00' },
        { start: '16:00', end: '17:00' },
      ],
      status: 'confirmed',
      total_price: single.price,
      group_total_price: single.price,
      full_price: single.price,
      intent_full_price: single.price,
      paid_amount: single.price,
      intent_paid_amount: single.price,
      fully_paid: 1,
      shooting_format: 'hall_rental',
      photographer: null,
      people_count: 1,
      services: [],
      prepay_percent: 100,
      payment_id: single.paymentId,
      payment_method: 'bank_card',
      payment_status: 'succeeded',
      rest_payment_id: null,
      rest_payment_status: null,
      payment_confirmation_url: null,
      refunded_amount: 0,
      refund_status: null,
      created_by: 'guest',
      can_cancel: true,
    });

    // The group's money is shared by its dates' cells (2 and 4), to the kopeck, and adds up to the booking's.
    expect(first.group_id).toBe(first.id);
    expect(second.group_id).toBe(first.id);
    expect(second.time_ranges).toEqual([{ start: '18:00', end: '20:00' }]);
    const whole = kopecks(group.price);
    expect(kopecks(first.total_price)).toBe(Math.floor((whole * 2) / 6));
    expect(kopecks(first.total_price) + kopecks(second.total_price)).toBe(whole);
    expect(kopecks(first.paid_amount) + kopecks(second.paid_amount)).toBe(whole);
    for (const row of [first, second]) {
      expect(row).toMatchObject({ group_total_price: group.price, intent_full_price: group.price, intent_paid_amount: group.price, fully_paid: 1, can_cancel: false });
    }
  });

  it('refuses a malformed id with 400 at its field', async () => {
    const res = await stack.query('/api/users/not%20an%20id/bookings', { cookie: anna.cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'id' });
  });

  it('shows the pay-now link while the first payment is awaited', async () => {
    const date = futureDate();
    const checkout = await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(date, ['11:00-12:00'], 0));
    const rows = await listWhen(anna, (seen) => seen.some((row) => row.intent_id === checkout.intentId && row.payment_id !== null));
    expect(rows.find((row) => row.intent_id === checkout.intentId)).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      payment_confirmation_url: expect.stringContaining(`/checkout/${checkout.paymentId}`),
      paid_amount: 0,
      fully_paid: 0,
    });
  });
});

describe('PUT /api/bookings/{id}/cancel', () => {
  it('cancels a booking 3 days ahead or more: its cells are free, the payment refunded, every step in its history with its actor', async () => {
    const date = futureDate();
    const { intentId, paymentId, price } = await guestBooking([{ date, time: '14:00-15:00' }]);
    const [row] = (await listWhen(anna, (seen) => seen.some((r) => r.intent_id === intentId && r.status === 'confirmed'))).filter((r) => r.intent_id === intentId);
    expect(row!.can_cancel).toBe(true);
    expect(await takenCells(date)).toEqual(['14:00-14:30', '14:30-15:00']);

    const res = await cancel(row!.id, anna.cookie, '?table=bookings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, refund: price, kept: 0, position: expect.any(String) });
    // Handed back, the answer's position makes the list wait until it shows the cancellation.
    const followed = await stack.query(`/api/users/${anna.id}/bookings`, { cookie: anna.cookie, 'x-read-position': res.body.position });
    expect(followed.body.find((r: UserBookingRow) => r.id === row!.id).status).toBe('canceled');

    const [canceled] = (await listWhen(anna, (seen) => seen.some((r) => r.intent_id === intentId && r.refund_status === 'succeeded'))).filter((r) => r.intent_id === intentId);
    expect(canceled).toMatchObject({ status: 'canceled', refunded_amount: price, refund_status: 'succeeded', can_cancel: false, paid_amount: price });
    await eventually(async () => (await takenCells(date)).length === 0);
    const refunds = stack.payments!.refundsOf(paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', amount: { value: price.toFixed(2) } });

    const history = async (stream: string) => (await stack.store.readStream(stream)).map((e) => [e.type, e.metadata.actor]);
    expect(await history(bookingStream(row!.id))).toEqual([
      ['BookingPlaced', 'customer:guest'],
      ['BookingConfirmed', 'system:payment-outcome'],
      ['BookingCanceled', `customer:${anna.id}`],
    ]);
    expect((await stack.store.readStream(bookingStream(row!.id))).at(-1)!.data).toEqual({
      bookingId: row!.id,
      reason: 'customer',
      requestedBy: `customer:${anna.id}`,
      refund: kopecks(price),
      kept: 0,
      policyVersion: 1,
    });
    expect(await history(studioDayStream('pochta', date))).toEqual([
      ['SlotsHeld', 'customer:guest'],
      ['HoldConfirmed', 'system:payment-outcome'],
      ['BookingReleased', 'system:booking-cancellation'],
    ]);
    expect(await history(paymentIntentStream(intentId))).toEqual([
      ['PaymentIntentCreated', 'customer:guest'],
      ['ProviderPaymentCreated', 'customer:guest'],
      ['ProviderPaymentUpdated', 'provider:payments'],
      ['RefundRequested', 'system:booking-cancellation'],
      ['ProviderRefundCreated', 'provider:payments'],
    ]);
  });

  it('refuses a group with the reason, changing nothing (a late cancellation by the policy is change-policy.int.spec.ts\'s)', async () => {
    const [d1, d2] = [futureDate(), futureDate()];
    await guestBooking([
      { date: d1, time: '12:00-13:00' },
      { date: d2, time: '12:00-13:00' },
    ]);
    const rows = await listWhen(anna, (seen) => seen.some((r) => r.group_id !== null && r.date === d1 && r.status === 'confirmed'));
    const grouped = rows.find((r) => r.group_id !== null && r.date === d1)!;
    expect(grouped.can_cancel).toBe(false);
    const refused = await cancel(grouped.id, anna.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'cancel_refused', error: 'Бронирование из группы меняет и отменяет администратор' });
    expect((await stack.store.readStream(bookingStream(grouped.id))).map((e) => e.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
  });

  it('refuses a malformed id with 400 and an unknown booking with 404', async () => {
    expect((await cancel('not-an-id', anna.cookie)).body).toMatchObject({ success: false, field: 'id' });
    expect((await cancel(randomUUID(), anna.cookie)).body).toMatchObject({ success: false, code: 'booking_not_found' });
  });
});

describe('POST /api/payments/{paymentId}/pay-rest', () => {
  const TOTAL = 500_001;
  const PREPAYMENT = 250_000;

  /** Anna's booking with a 50% prepayment, paid. */
  async function prepaidBooking() {
    const booking = await givenPrepaidBooking(stack, { total: TOTAL, prepayment: PREPAYMENT, userId: anna.id, comment: 'Со своим фоном', peopleCount: 2 });
    booking.paid();
    return booking;
  }
  const payRest = (paymentId: string, cookie: string) => postJson(stack.commandUrl, `/api/payments/${paymentId}/pay-rest`, undefined, 'POST', { cookie });

  it('takes the rest of a 50% prepayment named by the prepayment, and the list follows it to fully paid', async () => {
    const { bookingId, intentId, prepaymentId } = await prepaidBooking();
    const prepaid = await listWhen(anna, (seen) => seen.some((r) => r.id === bookingId && r.status === 'confirmed'));
    expect(prepaid.find((r) => r.id === bookingId)).toMatchObject({
      created_by: 'customer',
      prepay_percent: 50,
      payment_id: prepaymentId,
      payment_status: 'succeeded',
      intent_full_price: 5000.01,
      intent_paid_amount: 2500,
      fully_paid: 0,
      people_count: 2,
      customer_comment: 'Со своим фоном',
    });

    const res = await payRest(prepaymentId, anna.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, confirmationUrl: expect.stringContaining('/checkout/'), position: expect.any(String) });
    const restId = (res.body.confirmationUrl as string).split('/').at(-1)!;
    const [rest] = (await stack.store.readStream(paymentIntentStream(intentId))).filter((e) => e.type === 'ProviderPaymentCreated').slice(-1);
    expect(rest).toMatchObject({ data: { paymentId: restId, purpose: 'remainder', amount: TOTAL - PREPAYMENT }, metadata: { actor: `customer:${anna.id}` } });

    stack.payments!.settle(restId, 'paid');
    const paid = await listWhen(anna, (seen) => seen.some((r) => r.id === bookingId && r.fully_paid === 1));
    expect(paid.find((r) => r.id === bookingId)).toMatchObject({ rest_payment_id: restId, rest_payment_status: 'succeeded', paid_amount: 5000.01, intent_paid_amount: 5000.01 });
  });

  it('answers an unknown payment with 404 «Не найден исходный платеж»', async () => {
    const res = await payRest('2f4a0000-000f-5000-9000-000000000000', anna.cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, code: 'payment_not_found', error: 'Не найден исходный платеж', field: 'paymentId' });
  });
});
