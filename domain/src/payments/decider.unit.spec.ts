import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { paymentIntentDecider, remainderDue, type PaymentIntentCommand } from './decider';
import { paymentIntentEventSchemas, type PaymentIntentEvent, type ProviderPaymentStatus } from './events';

const intent = spec(paymentIntentDecider);
const intentData = { intentId: 'i1', bookingId: 'b1', studio: 'kirova', total: 600_000, prepayPercent: 100 } as const;
const paymentData = { intentId: 'i1', paymentId: 'p1', purpose: 'full', amount: 600_000, confirmationUrl: 'http://127.0.0.1:3103/checkout/p1' } as const;
const created: PaymentIntentEvent = { type: 'PaymentIntentCreated', data: intentData };
const paymentTaken: PaymentIntentEvent = { type: 'ProviderPaymentCreated', data: paymentData };
const status = (s: ProviderPaymentStatus, reason?: string): PaymentIntentCommand => ({
  type: 'RecordProviderStatus',
  data: { intentId: 'i1', paymentId: 'p1', status: s, ...(reason ? { reason } : {}) },
});
const updated = (s: ProviderPaymentStatus, reason?: string): PaymentIntentEvent => ({
  type: 'ProviderPaymentUpdated',
  data: { intentId: 'i1', paymentId: 'p1', status: s, ...(reason ? { reason } : {}) },
});

describe('CreatePaymentIntent', () => {
  it('creates an intent once per booking, and refuses nothing to pay', () => {
    intent.given([]).when({ type: 'CreatePaymentIntent', data: intentData }).then([created]);
    intent.given([created]).when({ type: 'CreatePaymentIntent', data: intentData }).then([]);
    intent.given([]).when({ type: 'CreatePaymentIntent', data: { ...intentData, total: 0 } }).thenThrows('nothing_to_pay', 'validation');
  });
});

describe('RecordProviderPayment', () => {
  it('records each provider payment once', () => {
    intent.given([created]).when({ type: 'RecordProviderPayment', data: paymentData }).then([paymentTaken]);
    intent.given([created, paymentTaken]).when({ type: 'RecordProviderPayment', data: paymentData }).then([]);
  });
});

describe('RecordProviderStatus', () => {
  it('moves a payment forward once per status, as the provider reports it', () => {
    intent.given([created, paymentTaken]).when(status('succeeded')).then([updated('succeeded')]);
    intent.given([created, paymentTaken]).when(status('waiting_for_capture')).then([updated('waiting_for_capture')]);
    intent.given([created, paymentTaken, updated('waiting_for_capture')]).when(status('succeeded')).then([updated('succeeded')]);
    intent.given([created, paymentTaken]).when(status('canceled', 'insufficient_funds')).then([updated('canceled', 'insufficient_funds')]);
  });

  it('ignores repeats and late reports: a final status never changes, a status never goes back', () => {
    intent.given([created, paymentTaken]).when(status('pending')).then([]);
    intent.given([created, paymentTaken, updated('succeeded')]).when(status('succeeded')).then([]);
    intent.given([created, paymentTaken, updated('succeeded')]).when(status('canceled')).then([]);
    intent.given([created, paymentTaken, updated('waiting_for_capture')]).when(status('pending')).then([]);
  });

  it('refuses a payment the intent never took', () => {
    intent.given([created]).when(status('succeeded')).thenThrows('payment_not_found', 'not_found');
  });

  it('counts what was paid once a payment succeeds', () => {
    const state = [created, paymentTaken, updated('succeeded')].reduce(paymentIntentDecider.evolve, paymentIntentDecider.initialState());
    expect(state.paid).toBe(600_000);
    expect(state.payments.p1).toMatchObject({ status: 'succeeded', purpose: 'full' });
  });
});

describe('RequestRefund', () => {
  const paid = updated('succeeded');
  const refund = (amount: number, refundId = 'r1'): PaymentIntentCommand => ({
    type: 'RequestRefund',
    data: { intentId: 'i1', refundId, paymentId: 'p1', amount, reason: 'staff', requestedBy: 'staff:anna' },
  });
  const requested = (amount: number, refundId = 'r1'): PaymentIntentEvent => ({ type: 'RefundRequested', data: (refund(amount, refundId) as Extract<PaymentIntentCommand, { type: 'RequestRefund' }>).data });
  const taken = (status: 'pending' | 'succeeded' | 'canceled', refundId = 'r1'): PaymentIntentEvent => ({
    type: 'ProviderRefundCreated',
    data: { intentId: 'i1', refundId, providerRefundId: `pr-${refundId}`, status },
  });

  it('reserves a refund of a succeeded payment, up to what the payment has left', () => {
    intent.given([created, paymentTaken, paid]).when(refund(600_000)).then([requested(600_000)]);
    intent.given([created, paymentTaken, paid, requested(200_000)]).when(refund(400_000, 'r2')).then([requested(400_000, 'r2')]);
  });

  it('refuses a refund above what the payment has left, counting refunds asked for and not yet settled', () => {
    intent.given([created, paymentTaken, paid]).when(refund(600_001)).thenThrows('refund_too_large', 'conflict');
    intent.given([created, paymentTaken, paid, requested(200_000)]).when(refund(400_001, 'r2')).thenThrows('refund_too_large', 'conflict');
    intent.given([created, paymentTaken, paid, requested(600_000), taken('succeeded')]).when(refund(1, 'r2')).thenThrows('nothing_to_refund', 'conflict');
  });

  it('gives a cancelled refund\'s amount back to the payment', () => {
    intent.given([created, paymentTaken, paid, requested(600_000), taken('canceled')]).when(refund(600_000, 'r2')).then([requested(600_000, 'r2')]);
  });

  it('answers the same request again with nothing, and refuses another one under its id', () => {
    intent.given([created, paymentTaken, paid, requested(600_000)]).when(refund(600_000)).then([]);
    intent.given([created, paymentTaken, paid, requested(300_000)]).when(refund(200_000)).thenThrows('refund_exists', 'conflict');
  });

  it('refuses a payment that has not succeeded or does not exist', () => {
    intent.given([created, paymentTaken]).when(refund(100)).thenThrows('payment_not_succeeded', 'conflict');
    intent.given([created]).when(refund(100)).thenThrows('payment_not_found', 'not_found');
  });

  it('records the provider\'s refund once, and then its status until final', () => {
    const past = [created, paymentTaken, paid, requested(600_000)];
    const record: PaymentIntentCommand = { type: 'RecordProviderRefund', data: { intentId: 'i1', refundId: 'r1', providerRefundId: 'pr-r1', status: 'pending' } };
    intent.given(past).when(record).then([taken('pending')]);
    intent.given([...past, taken('pending')]).when(record).then([]);
    const settled: PaymentIntentCommand = { type: 'RecordRefundStatus', data: { intentId: 'i1', providerRefundId: 'pr-r1', status: 'succeeded' } };
    const update: PaymentIntentEvent = { type: 'ProviderRefundUpdated', data: { intentId: 'i1', refundId: 'r1', providerRefundId: 'pr-r1', status: 'succeeded' } };
    intent.given([...past, taken('pending')]).when(settled).then([update]);
    intent.given([...past, taken('pending'), update]).when(settled).then([]);
    intent.given([...past, taken('succeeded')]).when({ type: 'RecordRefundStatus', data: { intentId: 'i1', providerRefundId: 'pr-r1', status: 'canceled' } }).then([]);
    intent.given(past).when(settled).thenThrows('refund_not_found', 'not_found');
  });

  it('counts the kopecks refunded per payment and in all', () => {
    const state = [created, paymentTaken, paid, requested(200_000), taken('succeeded'), requested(100_000, 'r2')].reduce(paymentIntentDecider.evolve, paymentIntentDecider.initialState());
    expect(state.payments.p1?.refunded).toBe(300_000);
    expect(state.refunded).toBe(200_000);
    expect(state.refunds.r2).toMatchObject({ status: 'requested', amount: 100_000, reason: 'staff' });
  });
});

describe('the remainder of a 50% prepayment', () => {
  const halfIntent: PaymentIntentEvent = { type: 'PaymentIntentCreated', data: { ...intentData, prepayPercent: 50 } };
  const prepayment: PaymentIntentEvent = { type: 'ProviderPaymentCreated', data: { ...paymentData, purpose: 'prepayment', amount: 300_000 } };
  const prepaid = updated('succeeded');
  const rest = (amount = 300_000, paymentId = 'p2'): PaymentIntentCommand => ({
    type: 'RecordProviderPayment',
    data: { intentId: 'i1', paymentId, purpose: 'remainder', amount, confirmationUrl: `http://127.0.0.1:3103/checkout/${paymentId}` },
  });
  const restTaken = (paymentId = 'p2'): PaymentIntentEvent => ({ type: 'ProviderPaymentCreated', data: (rest(300_000, paymentId) as Extract<PaymentIntentCommand, { type: 'RecordProviderPayment' }>).data });

  it('is taken once the prepayment went through, for what is left', () => {
    intent.given([halfIntent, prepayment, prepaid]).when(rest()).then([restTaken()]);
    intent.given([halfIntent, prepayment, prepaid]).when(rest(299_999)).thenThrows('remainder_amount', 'validation');
  });

  it('is refused before the prepayment went through, when nothing is owed, and while another remainder is open', () => {
    intent.given([halfIntent, prepayment]).when(rest()).thenThrows('prepayment_not_paid', 'conflict');
    intent.given([created, paymentTaken, updated('succeeded')]).when(rest()).thenThrows('fully_paid', 'conflict');
    intent.given([halfIntent, prepayment, prepaid, restTaken()]).when(rest(300_000, 'p3')).thenThrows('remainder_open', 'conflict');
  });

  it('may be taken again after a declined one', () => {
    const declined: PaymentIntentEvent = { type: 'ProviderPaymentUpdated', data: { intentId: 'i1', paymentId: 'p2', status: 'canceled', reason: 'insufficient_funds' } };
    intent.given([halfIntent, prepayment, prepaid, restTaken(), declined]).when(rest(300_000, 'p3')).then([restTaken('p3')]);
    const state = [halfIntent, prepayment, prepaid, restTaken(), declined].reduce(paymentIntentDecider.evolve, paymentIntentDecider.initialState());
    expect(remainderDue(state)).toEqual({ amount: 300_000, open: undefined, taken: 1 });
  });
});

describe('RecordManualPayment (a bank transfer staff record as paid)', () => {
  const halfIntent: PaymentIntentEvent = { type: 'PaymentIntentCreated', data: { ...intentData, prepayPercent: 50 } };
  const prepayment: PaymentIntentEvent = { type: 'ProviderPaymentCreated', data: { ...paymentData, purpose: 'prepayment', amount: 300_000 } };
  const transfer = (amount = 300_000, paymentId = 'tr_b1'): PaymentIntentCommand => ({
    type: 'RecordManualPayment',
    data: { intentId: 'i1', paymentId, amount, method: 'transfer', recordedBy: 'staff:s1', staffName: 'Ольга' },
  });
  const recorded = (amount = 300_000, paymentId = 'tr_b1'): PaymentIntentEvent => ({
    type: 'ManualPaymentRecorded',
    data: (transfer(amount, paymentId) as Extract<PaymentIntentCommand, { type: 'RecordManualPayment' }>).data,
  });

  it('records what is owed as paid, once, and counts it', () => {
    intent.given([halfIntent, prepayment, updated('succeeded')]).when(transfer()).then([recorded()]);
    intent.given([halfIntent, prepayment, updated('succeeded'), recorded()]).when(transfer()).then([]);
    const state = [halfIntent, prepayment, updated('succeeded'), recorded()].reduce(paymentIntentDecider.evolve, paymentIntentDecider.initialState());
    expect(state.paid).toBe(600_000);
    expect(() => remainderDue(state)).toThrow('Оплата уже внесена полностью');
  });

  it('refuses more than is owed, nothing owed, and an online remainder still open', () => {
    intent.given([halfIntent, prepayment, updated('succeeded')]).when(transfer(300_001)).thenThrows('remainder_amount', 'validation');
    intent.given([created, paymentTaken, updated('succeeded')]).when(transfer(1)).thenThrows('fully_paid', 'conflict');
    const rest: PaymentIntentEvent = { type: 'ProviderPaymentCreated', data: { ...paymentData, paymentId: 'p2', purpose: 'remainder', amount: 300_000 } };
    intent.given([halfIntent, prepayment, updated('succeeded'), rest]).when(transfer()).thenThrows('payment_open', 'conflict');
  });

  it('is never refunded through the provider', () => {
    intent
      .given([halfIntent, prepayment, updated('succeeded'), recorded()])
      .when({ type: 'RequestRefund', data: { intentId: 'i1', refundId: 'r1', paymentId: 'tr_b1', amount: 100, reason: 'staff', requestedBy: 'staff:s1' } })
      .thenThrows('payment_manual', 'conflict');
  });

  it('takes only ids starting with tr_', () => {
    expect(paymentIntentEventSchemas.ManualPaymentRecorded.safeParse({ ...(recorded().data as object), paymentId: 'p9' }).success).toBe(false);
  });
});
