import { describe, expect, it } from 'vitest';
import { paymentSummary } from './payment-summary';

type Row = Parameters<typeof paymentSummary>[0];
const payment = (over: Partial<Row['payments'][number]> = {}): Row['payments'][number] => ({
  payment_id: 'p1',
  purpose: 'full',
  amount: 4000,
  status: 'succeeded',
  refunded_success: 0,
  refunded_total: 0,
  created_at: '2026-11-20T03:00:00.000Z',
  ...over,
});
const row = (over: Partial<Row> = {}): Row => ({
  intent_full_price: 4000,
  intent_paid_amount: 4000,
  intent_fully_paid: 1,
  intent_rest_payment_status: null,
  intent_rest_payment_amount: 0,
  rest_payment_amount: null,
  payments: [payment()],
  ...over,
});

describe('the booking’s payment summary', () => {
  it('a paid booking: nothing owed, all of it refundable', () => {
    expect(paymentSummary(row())).toMatchObject({ fullPrice: 4000, paidAmount: 4000, outstandingAmount: 0, paidLabel: 'Оплачено 100%', fullyPaid: true, refundAvailable: 4000 });
  });

  it('a 50% prepayment owes the rest; an open remainder owes its own amount', () => {
    const prepaid = row({ intent_paid_amount: 2000, intent_fully_paid: 0, payments: [payment({ purpose: 'prepayment', amount: 2000 })] });
    expect(paymentSummary(prepaid)).toMatchObject({ outstandingAmount: 2000, paidLabel: 'Предоплата 50%', fullyPaid: false, restStatusText: 'Доплата не выставлена' });
    expect(paymentSummary({ ...prepaid, intent_rest_payment_status: 'pending', rest_payment_amount: 1990 })).toMatchObject({ outstandingAmount: 1990, restStatusText: 'Доплата ожидает оплаты' });
  });

  it('paid to the price within 0.01 is fully paid unless a remainder is still open', () => {
    const nearly = row({ intent_paid_amount: 3999.995, intent_fully_paid: 0 });
    expect(paymentSummary(nearly).fullyPaid).toBe(true);
    expect(paymentSummary({ ...nearly, intent_rest_payment_status: 'waiting_for_capture', rest_payment_amount: 10 }).fullyPaid).toBe(false);
  });

  it('an unpaid payment is not refundable; refunds taken (pending too) come off what is', () => {
    const summary = paymentSummary(
      row({
        intent_paid_amount: 0.004,
        intent_fully_paid: 0,
        payments: [payment({ status: 'pending' }), payment({ payment_id: 'p2', purpose: 'remainder', amount: 1500, refunded_success: 500, refunded_total: 700 })],
      }),
    );
    expect(summary.paidAmount).toBe(0);
    expect(summary.paidLabel).toBe('Не оплачено');
    expect(summary.paymentsForRefund).toEqual([
      { paymentId: 'p1', label: 'Оплата', available: 0, amountPaid: 0, refundedSuccess: 0, refundedPending: 0, statusLabel: 'Ожидается оплата' },
      { paymentId: 'p2', label: 'Доплата', available: 800, amountPaid: 1500, refundedSuccess: 500, refundedPending: 200, statusLabel: 'Оплачено' },
    ]);
    expect(summary.refundAvailable).toBe(800);
  });

  it('names any other share paid in percent', () => {
    expect(paymentSummary(row({ intent_paid_amount: 1000, intent_fully_paid: 0 })).paidLabel).toBe('Оплачено 25%');
  });
});
