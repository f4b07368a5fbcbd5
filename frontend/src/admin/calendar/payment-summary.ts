import type { AdminBookingPayment, AdminBookingRow, CabinetPaymentStatus } from '@studio/domain';
import { PAID_TOLERANCE, PAYMENT_STATUS_LABELS } from '../../cabinet';

/** docs/admin-calendar.md#what-it-does «Refundable payment». */
export interface RefundablePayment {
  paymentId: string;
  label: string;
  /** What can still go back: paid minus refunded (pending refunds included); 0 for an unpaid one. */
  available: number;
  amountPaid: number;
  refundedSuccess: number;
  refundedPending: number;
  statusLabel: string;
}

/** docs/admin-calendar.md#what-it-does «Payment summary», for the whole booking. */
export interface PaymentSummary {
  fullPrice: number;
  paidAmount: number;
  outstandingAmount: number;
  /** «Не оплачено», «Предоплата 50%», «Оплачено N%» or «Оплачено 100%». */
  paidLabel: string;
  fullyPaid: boolean;
  restStatusText: string;
  restPaymentAmount: number | null;
  paymentsForRefund: RefundablePayment[];
  refundAvailable: number;
}

type SummaryRow = Pick<
  AdminBookingRow,
  'intent_full_price' | 'intent_paid_amount' | 'intent_fully_paid' | 'intent_rest_payment_status' | 'intent_rest_payment_amount' | 'rest_payment_amount' | 'payments'
>;

const PURPOSE_LABELS: Record<string, string> = { full: 'Оплата', prepayment: 'Предоплата', remainder: 'Доплата' };

/** docs/admin-calendar.md#rules: succeeded and canceled end a remainder; any other status means it is still open. */
const remainderOpen = (status: CabinetPaymentStatus | null) => status !== null && status !== 'succeeded' && status !== 'canceled';

function restStatusText(status: CabinetPaymentStatus | null, outstanding: number): string {
  if (status === null) return outstanding > 0 ? 'Доплата не выставлена' : 'Доплата не требуется';
  if (status === 'succeeded') return 'Доплата получена';
  if (status === 'canceled') return 'Доплата отменена';
  if (status === 'failed') return 'Доплата не прошла';
  return 'Доплата ожидает оплаты';
}

function paidLabel(paid: number, full: number): string {
  if (paid < PAID_TOLERANCE) return 'Не оплачено';
  if (paid >= full - PAID_TOLERANCE) return 'Оплачено 100%';
  const percent = Math.round((paid / full) * 100);
  return percent === 50 ? 'Предоплата 50%' : `Оплачено ${percent}%`;
}

const cents = (value: number) => Math.round(value * 100) / 100;

function refundable(payment: AdminBookingPayment): RefundablePayment {
  const amountPaid = payment.status === 'succeeded' ? payment.amount : 0;
  return {
    paymentId: payment.payment_id,
    label: PURPOSE_LABELS[payment.purpose] ?? 'Платёж',
    available: Math.max(0, cents(amountPaid - payment.refunded_total)),
    amountPaid,
    refundedSuccess: payment.refunded_success,
    refundedPending: Math.max(0, cents(payment.refunded_total - payment.refunded_success)),
    statusLabel: PAYMENT_STATUS_LABELS[payment.status],
  };
}

/**
 * What the booking cost, what came in and what is owed (docs/admin-calendar.md#rules «Fully paid»): paid
 * under 0.01 counts as nothing; fully paid is the flag, or paid to the price within 0.01 with no
 * remainder still open; the outstanding amount is the open remainder's when one waits.
 */
export function paymentSummary(row: SummaryRow): PaymentSummary {
  const fullPrice = row.intent_full_price;
  const paidAmount = row.intent_paid_amount < PAID_TOLERANCE ? 0 : row.intent_paid_amount;
  const open = remainderOpen(row.intent_rest_payment_status);
  const fullyPaid = row.intent_fully_paid === 1 || (paidAmount >= fullPrice - PAID_TOLERANCE && !open);
  const owed = Math.max(0, cents(fullPrice - paidAmount));
  const outstandingAmount = fullyPaid ? 0 : open && row.rest_payment_amount !== null ? row.rest_payment_amount : owed;
  const paymentsForRefund = row.payments.map(refundable);
  return {
    fullPrice,
    paidAmount,
    outstandingAmount,
    paidLabel: paidLabel(paidAmount, fullPrice),
    fullyPaid,
    restStatusText: restStatusText(row.intent_rest_payment_status, outstandingAmount),
    restPaymentAmount: row.rest_payment_amount,
    paymentsForRefund,
    refundAvailable: cents(paymentsForRefund.reduce((sum, payment) => sum + payment.available, 0)),
  };
}
