// The payment result page's reads over the bookings read model: the intent with what was paid,
// and the booked time per continuous range, right after the events are written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, customerAggregate, customerStream, paymentIntentAggregate, paymentIntentStream, type BookingPlaced } from '@studio/domain';
import { eventually, testClock } from '@studio/platform/testing';
import { given, openStack, testVisitor, type Stack } from './kit';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'payment_reads', projections: true, queryApi: true });
});
afterAll(() => stack?.stop());

/** The browser that checked out: the result page shows it the customer's contact data. */
const BUYER = testVisitor();
const asBuyer = { cookie: BUYER.cookie };

async function paidBooking(payment: { status: 'succeeded' | 'canceled'; reason?: string }) {
  const bookingId = randomUUID();
  const intentId = randomUUID();
  const paymentId = `pay-${randomUUID()}`;
  const placed: BookingPlaced = {
    bookingId,
    intentId,
    studio: 'masterskaya',
    customer: { name: 'Олег', phone: '79990001122', email: 'oleg@example.ru', comment: '' },
    blocks: [
      { date: '2030-03-02', cells: ['18:00', '18:30'], holdId: 'h2' },
      { date: '2030-03-01', cells: ['10:00', '10:30', '13:00'], holdId: 'h1' },
    ],
    format: { kind: 'with_photographer', photographerId: 'ph1', photographerName: 'Мария', peopleCount: 2 },
    services: [{ serviceId: 's1', name: 'Гримёрка', format: 'inhour', price: 30_000 }],
    price: { lines: [{ label: 'Итого', amount: 1_234_550 }], total: 1_234_550 },
    prepayPercent: 100,
    visitor: BUYER.key,
  };
  await given(stack.store, bookingAggregate, bookingStream(bookingId), [{ type: 'BookingPlaced', data: placed }]);
  const position = await given(stack.store, paymentIntentAggregate, paymentIntentStream(intentId), [
    { type: 'PaymentIntentCreated', data: { intentId, bookingId, studio: 'masterskaya', total: 1_234_550, prepayPercent: 100 } },
    { type: 'ProviderPaymentCreated', data: { intentId, paymentId, purpose: 'full', amount: 1_234_550, confirmationUrl: `http://127.0.0.1/checkout/${paymentId}` } },
    { type: 'ProviderPaymentUpdated', data: { intentId, paymentId, ...payment } },
  ]);
  return { bookingId, intentId, paymentId, position };
}

describe('payment result reads', () => {
  it('a paid intent says 100% paid, in roubles, with the customer\'s contact data for its buyer', async () => {
    const { intentId, paymentId, position } = await paidBooking({ status: 'succeeded' });
    const { status, body } = await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': position, ...asBuyer });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      intent: {
        id: intentId,
        status: 'succeeded',
        payment_id: paymentId,
        total_price: 12345.5,
        full_price: 12345.5,
        paid_amount: 12345.5,
        remaining_amount: 0,
        fully_paid: true,
        can_pay_rest: false,
        payload: { prepay_percent: 100, full_price: 12345.5 },
        cancellation_reason: null,
        booking_status: 'pending',
        refunded_amount: 0,
        refund_status: null,
        user_name: 'Олег',
        user_phone: '79990001122',
        user_email: 'oleg@example.ru',
        account_created: false,
        account_login: null,
        // A guest's paid booking: the workers will open an account for its phone.
        account_expected: true,
      },
    });
  });

  it('gives anyone else with its id the status without the customer\'s contact data, and staff all of it', async () => {
    const { intentId, position } = await paidBooking({ status: 'succeeded' });
    const buyers = (await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': position, ...asBuyer })).body.intent;
    const { user_name: _name, user_phone: _phone, user_email: _email, account_login: _login, ...status } = buyers;
    for (const stranger of [{}, { cookie: testVisitor().cookie }, { cookie: 'visitor=junk' }] as Record<string, string>[]) {
      const seen = await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': position, ...stranger });
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({ success: true, intent: status });
      expect(JSON.stringify(seen.body)).not.toMatch(/Олег|79990001122|oleg@example/);
    }
    const staff = await stack.staffLogin('finance');
    expect((await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': position, ...staff.headers })).body.intent).toEqual(buyers);
  });

  it('a guest\'s confirmed booking expects an account until the one opened for it shows, then names its login', async () => {
    const { bookingId, intentId, paymentId } = await paidBooking({ status: 'succeeded' });
    const position = await given(stack.store, bookingAggregate, bookingStream(bookingId), [{ type: 'BookingConfirmed', data: { bookingId, paymentId, paid: 1_234_550 } }]);
    const seen = async (at?: string) => (await stack.query(`/api/payment-intents/${intentId}`, { ...asBuyer, ...(at ? { 'X-Read-Position': at } : {}) })).body.intent;
    expect(await seen(position)).toMatchObject({ account_created: false, account_login: null, account_expected: true });
    const customerId = randomUUID();
    await given(stack.store, customerAggregate, customerStream(customerId), [
      {
        type: 'CustomerRegistered',
        data: { customerId, name: 'Олег', surname: '', email: 'oleg@example.ru', phone: '+79990001122', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', registeredAt: testClock.now().toISOString(), viaBookingId: bookingId },
      },
    ]);
    const opened = await eventually(async () => {
      const intent = await seen();
      return intent.account_created && intent;
    });
    expect(opened).toMatchObject({ account_created: true, account_login: '+79990001122', account_expected: false });

    // Another booking of that phone: the account is not this one's, and none is to come.
    const other = await paidBooking({ status: 'succeeded' });
    const confirmed = await given(stack.store, bookingAggregate, bookingStream(other.bookingId), [{ type: 'BookingConfirmed', data: { bookingId: other.bookingId, paymentId: other.paymentId, paid: 1_234_550 } }]);
    await stack.caughtUp(confirmed);
    expect((await stack.query(`/api/payment-intents/${other.intentId}`, asBuyer)).body.intent).toMatchObject({ account_created: false, account_login: null, account_expected: false });
  });

  it('a declined intent says why, and nothing is paid', async () => {
    const { intentId, position } = await paidBooking({ status: 'canceled', reason: 'insufficient_funds' });
    const { body } = await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': position });
    expect(body.intent).toMatchObject({ status: 'canceled', cancellation_reason: 'insufficient_funds', paid_amount: 0, fully_paid: false, can_pay_rest: false, account_expected: false });
  });

  it('a payment refunded after its booking was cancelled says so, pending until the provider settles the refund', async () => {
    const { bookingId, intentId, paymentId } = await paidBooking({ status: 'succeeded' });
    await given(stack.store, bookingAggregate, bookingStream(bookingId), [{ type: 'BookingCanceled', data: { bookingId, reason: 'hold_expired' } }]);
    const refundId = `whole:${paymentId}`;
    const asked = await given(stack.store, paymentIntentAggregate, paymentIntentStream(intentId), [
      { type: 'RefundRequested', data: { intentId, refundId, paymentId, amount: 1_234_550, reason: 'hold_expired', requestedBy: 'system:payment-outcome' } },
      { type: 'ProviderRefundCreated', data: { intentId, refundId, providerRefundId: 'refund-1', status: 'pending' } },
    ]);
    const pending = await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': asked });
    expect(pending.body.intent).toMatchObject({ status: 'succeeded', booking_status: 'canceled', refunded_amount: 0, refund_status: 'pending', can_pay_rest: false });
    const settled = await given(stack.store, paymentIntentAggregate, paymentIntentStream(intentId), [
      { type: 'ProviderRefundUpdated', data: { intentId, refundId, providerRefundId: 'refund-1', status: 'succeeded' } },
    ]);
    const done = await stack.query(`/api/payment-intents/${intentId}`, { 'X-Read-Position': settled });
    expect(done.body.intent).toMatchObject({ booking_status: 'canceled', refunded_amount: 12345.5, refund_status: 'succeeded' });
  });

  it('lists the booked time by payment, one row per continuous range, dates in order', async () => {
    const { bookingId, paymentId, position } = await paidBooking({ status: 'succeeded' });
    const { body } = await stack.query(`/api/bookings/by-payment/${paymentId}`, { 'X-Read-Position': position });
    expect(body.bookings.map((b: Record<string, unknown>) => [b.date, b.time_start, b.time_end])).toEqual([
      ['2030-03-01', '10:00', '11:00'],
      ['2030-03-01', '13:00', '13:30'],
      ['2030-03-02', '18:00', '19:00'],
    ]);
    expect(body.bookings[0]).toMatchObject({ id: bookingId, studio: 'masterskaya', status: 'pending', shooting_format: 'with_photographer', photographer_name: 'Мария', services: [{ name: 'Гримёрка' }], total_price: 12345.5, payment_status: 'succeeded' });
  });

  it('answers an unknown intent with 404 and a malformed id with 400', async () => {
    expect((await stack.query(`/api/payment-intents/${randomUUID()}`)).body).toEqual({ success: false, error: 'Платёж не найден', code: 'intent_not_found', field: 'intentId' });
    const malformed = await stack.query('/api/payment-intents/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid_input', field: 'intentId' });
    expect((await stack.query('/api/bookings/by-payment/pay-unknown')).status).toBe(404);
  });
});
