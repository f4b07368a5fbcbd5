import { formatRoubles } from '@studio/domain';
import { PAID_TOLERANCE } from '../../cabinet';
import type { RefundablePayment } from './payment-summary';

/** docs/admin-calendar.md#rules «Refund». */
export const REFUND_MESSAGES = {
  choosePayment: 'Выберите платёж',
  badAmount: 'Укажите корректную сумму',
  nothingLeft: 'Нет средств для возврата',
  noneRefundable: 'Нет доступных сумм для возврата.',
  failed: 'Не удалось выполнить возврат',
} as const;

const refundLimitMessage = (available: number): string => `Доступно не более ${formatRoubles(available)}`;

/** What the form sends: the amount as a 2-decimal string, as the spec's client does. */
export type RefundCheck = { ok: true; paymentId: string; amount: string } | { ok: false; message: string };

/**
 * The form's checks before anything is sent, in the spec's order: a payment chosen, an amount
 * above zero (a comma is a decimal point), something left to refund, and no more than that (within 0.01).
 */
export function checkRefund(payments: readonly RefundablePayment[], paymentId: string, amountText: string): RefundCheck {
  const payment = payments.find((p) => p.paymentId === paymentId);
  if (!payment) return { ok: false, message: REFUND_MESSAGES.choosePayment };
  const amount = Number(amountText.trim().replace(',', '.'));
  if (!amountText.trim() || !Number.isFinite(amount) || amount <= 0) return { ok: false, message: REFUND_MESSAGES.badAmount };
  if (payment.available <= 0) return { ok: false, message: REFUND_MESSAGES.nothingLeft };
  if (amount > payment.available + PAID_TOLERANCE) return { ok: false, message: refundLimitMessage(payment.available) };
  return { ok: true, paymentId, amount: Math.min(amount, payment.available).toFixed(2) };
}
