import { randomUUID } from 'node:crypto';
import { DomainError, formatRoubles, kopecksToRoubles, paymentIntentAggregate, paymentIntentStream } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { PaymentProviderError, type PaymentProvider } from '../payments/payment-provider';
import { refundableOf, refundPayment } from './refund-payment';
import { staffOnBooking, type StaffBookingCall } from './staff-on-booking';

/** docs/admin-calendar.md#constants: the refund tolerance; an amount this much above what is left is taken as all of it. */
const TOLERANCE_KOPECKS = 1;
const NOTHING_TO_REFUND = 'Нет средств для возврата';

export interface StaffRefund {
  paymentId: string;
  /** As asked, kopecks; up to the tolerance above what is left is taken as all of it. */
  amount: number;
  description?: string | undefined;
}

/**
 * A staff refund (docs/admin-calendar.md#rules «Refund»): part or all of one payment of the booking back
 * through the provider, refundable = paid minus refunded. The refund is reserved on the intent
 * before the provider is asked (refundPayment), so two staff members at once never give back more
 * than was paid; its status is followed to its end by the payment sync worker.
 */
export async function refundBooking(
  deps: { commands: CommandHandler; payments: PaymentProvider },
  call: StaffBookingCall,
  asked: StaffRefund,
  idempotencyKey: string | undefined,
  context: CommandContext,
) {
  const { state, staff } = await staffOnBooking(deps.commands, call);
  const { paymentId, description } = asked;
  const { intentId } = state.booking;
  const { state: intent } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  if (Object.values(intent.payments).every((payment) => refundableOf(payment) <= 0)) {
    throw new DomainError('conflict', 'nothing_to_refund', NOTHING_TO_REFUND, 'paymentId');
  }
  const payment = intent.payments[paymentId];
  if (!payment) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден у этого бронирования', 'paymentId');
  const left = refundableOf(payment);
  if (left <= 0) throw new DomainError('conflict', 'nothing_to_refund', NOTHING_TO_REFUND, 'paymentId');
  if (asked.amount > left + TOLERANCE_KOPECKS) throw new DomainError('validation', 'refund_too_large', `Доступно не более ${formatRoubles(kopecksToRoubles(left))}`, 'amount');
  const amountKopecks = Math.min(asked.amount, left);
  const refundId = idempotencyKey ? uuidFrom(`staff-refund:${idempotencyKey}`) : randomUUID();
  try {
    const result = await refundPayment(
      deps.commands,
      deps.payments,
      { intentId, refundId, paymentId, amountKopecks, reason: 'staff', staffName: staff.name, ...(description ? { description } : {}) },
      context,
    );
    const refund = result.state.refunds[refundId]!;
    return { refund: { id: refundId, status: refund.status, paymentId, amount: kopecksToRoubles(amountKopecks) }, position: result.position };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`[command-api] the payment provider refused refund ${refundId} of payment ${paymentId}: ${error.code} ${error.description}`);
    throw new DomainError('unavailable', 'refund_unavailable', 'Не удалось выполнить возврат', 'paymentId');
  }
}
