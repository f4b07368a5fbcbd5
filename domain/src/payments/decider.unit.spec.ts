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

describe('SetProviderPaymentAside', () => {
  const aside = (reason: 'abandoned' | 'unknown_to_provider') => ({ intentId: 'i1', paymentId: 'p1', reason }) as const;
  const setAside = (reason: 'abandoned' | 'unknown_to_provider'): PaymentIntentCommand => ({ type: 'SetProviderPaymentAside', data: aside(reason) });
  const wasSetAside = (reason: 'abandoned' | 'unknown_to_provider'): PaymentIntentEvent => ({ type: 'ProviderPaymentSetAside', data: aside(reason) });

  it('sets an unsettled payment aside once per reason', () => {
    intent.given([created, paymentTaken]).when(setAside('abandoned')).then([wasSetAside('abandoned')]);
    intent.given([created, paymentTaken, wasSetAside('abandoned')]).when(setAside('abandoned')).then([]);
    intent.given([created, paymentTaken, wasSetAside('abandoned')]).when(setAside('unknown_to_provider')).then([wasSetAside('unknown_to_provider')]);
  });

  it('leaves a settled payment as it is, and refuses one the intent never took', () => {
    intent.given([created, paymentTaken, updated('succeeded')]).when(setAside('abandoned')).then([]);
    intent.given([created, paymentTaken, updated('canceled')]).when(setAside('unknown_to_provider')).then([]);
    intent.given([created]).when(setAside('abandoned')).thenThrows('payment_not_found', 'not_found');
  });

  it('still records what the provider says later: a late payment is counted', () => {
    intent.given([created, paymentTaken, wasSetAside('abandoned')]).when(status('succeeded')).then([updated('succeeded')]);
    const state = [created, paymentTaken, wasSetAside('abandoned'), updated('succeeded')].reduce(paymentIntentDecider.evolve, paymentIntentDecider.initialState());
    expect(state.payments.p1).toMatchObject({ status: 'succeeded', setAside: 'abandoned' });
    expect(state.paid).toBe(600_000);
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

describe('RecordTransferPayment (a manual bank transfer staff record)', () => {
  const transfer = (amount = 600_000, purpose: 'full' | 'prepayment' | 'remainder' = 'full', paymentId = 'tr_1'): PaymentIntentCommand => ({
    type: 'RecordTransferPayment',
    data: { intentId: 'i1', paymentId, purpose, amount, recordedBy: 'staff:s1' },
  });
  const recorded = (amount = 600_000, purpose: 'full' | 'prepayment' | 'remainder' = 'full', paymentId = 'tr_1'): PaymentIntentEvent => ({
    type: 'TransferPaymentRecorded',
    data: (transfer(amount, purpose, paymentId) as Extract<PaymentIntentCommand, { type: 'RecordTransferPayment' }>).data,
  });
  const halfIntent: PaymentIntentEvent = { type: 'PaymentIntentCreated', data: { ...intentData, prepayPercent: 50 } };

  it('records it as paid at once, once', () => {
    intent.given([created]).when(transfer()).then([recorded()]);
    intent.given([created, recorded()]).when(transfer()).then([]);
    const state = [created, recorded()].reduce(paymentIntentDecider.evolve, paymentIntentDecider.initialState());
    expect(state.paid).toBe(600_000);
    expect(state.payments.tr_1).toMatchObject({ channel: 'manual_transfer', status: 'succeeded', purpose: 'full', amount: 600_000 });
  });

  it('records half, then the rest of it as the remainder, and nothing beyond what is owed', () => {
    intent.given([halfIntent]).when(transfer(300_000, 'prepayment')).then([recorded(300_000, 'prepayment')]);
    intent.given([halfIntent, recorded(300_000, 'prepayment')]).when(transfer(300_000, 'remainder', 'tr_2')).then([recorded(300_000, 'remainder', 'tr_2')]);
    intent.given([halfIntent, recorded(300_000, 'prepayment')]).when(transfer(300_001, 'remainder', 'tr_2')).thenThrows('remainder_amount', 'validation');
    intent.given([created]).when(transfer(600_001)).thenThrows('remainder_amount', 'validation');
  });

  it('refuses an id that is not a transfer\'s, another amount under a recorded id, and an unknown intent', () => {
    expect(paymentIntentEventSchemas.TransferPaymentRecorded.safeParse({ intentId: 'i1', paymentId: 'p1', purpose: 'full', amount: 1, recordedBy: 'staff:s1' }).success).toBe(false);
    intent.given([created, recorded()]).when(transfer(500_000)).thenThrows('payment_exists', 'conflict');
    intent.given([]).when(transfer()).thenThrows('intent_not_found', 'not_found');
  });

  it('is never refunded through the provider, and a provider status for it changes nothing', () => {
    const refund: PaymentIntentCommand = { type: 'RequestRefund', data: { intentId: 'i1', refundId: 'r1', paymentId: 'tr_1', amount: 100, reason: 'staff', requestedBy: 'staff:s1' } };
    intent.given([created, recorded()]).when(refund).thenThrows('transfer_not_refundable', 'conflict');
    intent.given([created, recorded()]).when({ type: 'RecordProviderStatus', data: { intentId: 'i1', paymentId: 'tr_1', status: 'canceled' } }).then([]);
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

describe('RecordTransferPayment for the rest of a booking paid online in part', () => {
  const halfIntent: PaymentIntentEvent = { type: 'PaymentIntentCreated', data: { ...intentData, prepayPercent: 50 } };
  const prepayment: PaymentIntentEvent = { type: 'ProviderPaymentCreated', data: { ...paymentData, purpose: 'prepayment', amount: 300_000 } };
  const transfer = (amount = 300_000, paymentId = 'tr_b1'): PaymentIntentCommand => ({
    type: 'RecordTransferPayment',
    data: { intentId: 'i1', paymentId, purpose: 'remainder', amount, recordedBy: 'staff:s1', staffName: 'Ольга' },
  });
  const recorded = (amount = 300_000, paymentId = 'tr_b1'): PaymentIntentEvent => ({
    type: 'TransferPaymentRecorded',
    data: (transfer(amount, paymentId) as Extract<PaymentIntentCommand, { type: 'RecordTransferPayment' }>).data,
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
});
