import { describe, expect, it } from 'vitest';
import { canPayRest, paidPercent, paymentChannel, paymentHint, paymentMethodText, payNowUrl, planLabel, refundText } from './payment-view';
import { bookingRow } from './test-rows';

const halfPaid = { prepay_percent: 50, paid_amount: 2000, fully_paid: 0 } as const;
const awaiting = { paid_amount: 0, fully_paid: 0, payment_status: 'pending', payment_confirmation_url: 'https://pay.example/confirm' } as const;

describe('cabinet payment view (docs/cabinet.md#rules)', () => {
  it('derives the channel: a transfer by method or tr_ id, the provider by a known method, a link or an id', () => {
    const none = { payment_method: null, payment_id: null, payment_confirmation_url: null };
    expect(paymentChannel({ ...none, payment_method: 'manual_transfer' })).toBe('manual_transfer');
    expect(paymentChannel({ ...none, payment_method: 'bank_transfer' })).toBe('manual_transfer');
    expect(paymentChannel({ ...none, payment_id: 'tr_123', payment_method: 'bank_card' })).toBe('manual_transfer');
    expect(paymentChannel({ ...none, payment_method: 'sbp' })).toBe('online');
    expect(paymentChannel({ ...none, payment_confirmation_url: 'https://pay.example' })).toBe('online');
    expect(paymentChannel({ ...none, payment_id: '2d4f-…' })).toBe('online');
    expect(paymentChannel({ ...none, payment_method: 'barter' })).toBe('none');
    expect(paymentChannel(none)).toBe('none');
  });

  it('names the method in Russian', () => {
    expect(paymentMethodText(bookingRow({ payment_method: 'sbp' }))).toBe('Онлайн: СБП');
    expect(paymentMethodText(bookingRow({ payment_method: null }))).toBe('Онлайн-оплата');
    expect(paymentMethodText(bookingRow({ payment_id: 'tr_1', payment_method: null }))).toBe('Банковский перевод');
    expect(paymentMethodText(bookingRow({ payment_id: null, payment_method: null }))).toBe('Не выбран');
  });

  it('shows the pay-now link only for an unsettled provider payment that has one, on an open booking', () => {
    expect(payNowUrl(bookingRow(awaiting))).toBe('https://pay.example/confirm');
    expect(payNowUrl(bookingRow({ ...awaiting, payment_status: 'waiting_for_payment' }))).toBe('https://pay.example/confirm');
    expect(payNowUrl(bookingRow({ ...awaiting, payment_status: 'succeeded' }))).toBeNull();
    expect(payNowUrl(bookingRow({ ...awaiting, payment_confirmation_url: null }))).toBeNull();
    expect(payNowUrl(bookingRow({ ...awaiting, fully_paid: 1, paid_amount: 4000 }))).toBeNull();
    expect(payNowUrl(bookingRow({ ...awaiting, payment_id: 'tr_9' }))).toBeNull();
    expect(payNowUrl(bookingRow({ ...awaiting, status: 'canceled' }))).toBeNull();
  });

  it('offers to pay the rest of a settled prepayment only', () => {
    expect(canPayRest(bookingRow(halfPaid))).toBe(true);
    expect(canPayRest(bookingRow())).toBe(false);
    expect(canPayRest(bookingRow(awaiting))).toBe(false);
    expect(canPayRest(bookingRow({ ...halfPaid, status: 'canceled' }))).toBe(false);
  });

  it('labels the plan «Предоплата 50%» until paid, then «Оплачено»', () => {
    expect(planLabel(bookingRow(halfPaid))).toBe('Предоплата 50%');
    expect(planLabel(bookingRow({ prepay_percent: 50 }))).toBe('Оплачено');
    expect(planLabel(bookingRow())).toBe('Оплачено');
    expect(planLabel(bookingRow(awaiting))).toBeNull();
  });

  it('computes the paid percent and the payment hint', () => {
    expect(paidPercent(bookingRow(halfPaid))).toBe(50);
    expect(paidPercent(bookingRow())).toBe(100);
    expect(paidPercent({ full_price: 0, paid_amount: 0 })).toBe(0);
    expect(paidPercent({ full_price: 1000, paid_amount: 1500 })).toBe(100);
    expect(paymentHint({ payment_status: 'succeeded', rest_payment_status: 'waiting_for_capture' })).toBe('Доплата: Ожидает подтверждения');
    expect(paymentHint({ payment_status: 'failed', rest_payment_status: null })).toBe('Платёж: Ошибка');
    expect(paymentHint({ payment_status: null, rest_payment_status: null })).toBeNull();
  });

  it('says what was refunded', () => {
    expect(refundText({ refunded_amount: 4000, refund_status: 'succeeded' })).toBe('Возвращено 4\u00a0000 ₽');
    expect(refundText({ refunded_amount: 0, refund_status: 'pending' })).toBe('Возврат оформляется');
    expect(refundText({ refunded_amount: 0, refund_status: null })).toBeNull();
  });
});
