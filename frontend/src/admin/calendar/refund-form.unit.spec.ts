import { describe, expect, it } from 'vitest';
import type { RefundablePayment } from './payment-summary';
import { checkRefund } from './refund-form';

const payment = (paymentId: string, available: number): RefundablePayment => ({
  paymentId,
  label: 'Оплата',
  available,
  amountPaid: 4000,
  refundedSuccess: 0,
  refundedPending: 0,
  statusLabel: 'Оплачено',
});
const payments = [payment('p1', 1500.5), payment('p2', 0)];

describe('the refund form’s checks', () => {
  it('asks for a payment first', () => {
    expect(checkRefund(payments, '', '100')).toEqual({ ok: false, message: 'Выберите платёж' });
  });

  it('wants an amount above zero, taking a comma as the decimal point', () => {
    expect(checkRefund(payments, 'p1', '')).toEqual({ ok: false, message: 'Укажите корректную сумму' });
    expect(checkRefund(payments, 'p1', '0')).toEqual({ ok: false, message: 'Укажите корректную сумму' });
    expect(checkRefund(payments, 'p1', 'сто')).toEqual({ ok: false, message: 'Укажите корректную сумму' });
    expect(checkRefund(payments, 'p1', '100,25')).toEqual({ ok: true, paymentId: 'p1', amount: '100.25' });
  });

  it('refuses a payment with nothing left, and more than is left beyond 0.01', () => {
    expect(checkRefund(payments, 'p2', '10')).toEqual({ ok: false, message: 'Нет средств для возврата' });
    expect(checkRefund(payments, 'p1', '1500.52')).toEqual({ ok: false, message: expect.stringMatching(/^Доступно не более 1\s500,5 ₽$/) as string });
    expect(checkRefund(payments, 'p1', '1500.51')).toEqual({ ok: true, paymentId: 'p1', amount: '1500.50' });
  });
});
