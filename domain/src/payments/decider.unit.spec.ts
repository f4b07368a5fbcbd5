import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { paymentIntentDecider, type PaymentIntentCommand } from './decider';
import type { PaymentIntentEvent, ProviderPaymentStatus } from './events';

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
