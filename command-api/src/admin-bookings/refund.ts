import { randomUUID } from 'node:crypto';
import { DomainError, formatRoubles, kopecksToRoubles, paymentIntentAggregate, paymentIntentStream, type PaymentIntentState } from '@studio/domain';
import { PaymentProviderError, refundPayment, uuidFrom } from '@studio/platform';
import type { z } from 'zod';
import type { CommandApiDeps } from '../http/app';
import { parseOr, REFUND_AMOUNT_MESSAGE, REFUND_PAYMENT_MESSAGE, refundAmountSchema, refundPaymentIdSchema, type refundRequestSchema } from './schemas';
import type { StaffOnBooking } from './staff-booking';

/** admin-backoffice §9: the refund tolerance; an amount this much above what is left is taken as all of it. */
const TOLERANCE_KOPECKS = 1;
const NOTHING_TO_REFUND = 'Нет средств для возврата';

/** What a payment can still give back: succeeded, through the provider, less what its refunds took. */
export function refundableOf(payment: PaymentIntentState['payments'][string] | undefined): number {
  if (payment?.status !== 'succeeded' || payment.channel === 'manual_transfer') return 0;
  return payment.amount - payment.refunded;
}

/**
 * POST /api/bookings/{id}/refund (admin-backoffice §5 «Refund»): part or all of one payment of the
 * booking back through the provider, refundable = paid minus refunded. The refund is reserved on
 * the intent before the provider is asked (refundPayment), so two staff members at once never give
 * back more than was paid; its status is followed to its end by the payment sync worker.
 */
export async function refundBooking(
  deps: CommandApiDeps,
  { state, staff, context }: StaffOnBooking,
  body: z.output<typeof refundRequestSchema>,
  idempotencyKey: string | undefined,
) {
  const paymentId = parseOr(refundPaymentIdSchema, body.paymentId, { code: 'payment_required', message: REFUND_PAYMENT_MESSAGE, field: 'paymentId' });
  const asked = parseOr(refundAmountSchema, body.amount, { code: 'invalid_amount', message: REFUND_AMOUNT_MESSAGE, field: 'amount' });
  const { intentId } = state.booking;
  const { state: intent } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  if (Object.values(intent.payments).every((payment) => refundableOf(payment) <= 0)) {
    throw new DomainError('conflict', 'nothing_to_refund', NOTHING_TO_REFUND, 'paymentId');
  }
  const payment = intent.payments[paymentId];
  if (!payment) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден у этого бронирования', 'paymentId');
  const left = refundableOf(payment);
  if (left <= 0) throw new DomainError('conflict', 'nothing_to_refund', NOTHING_TO_REFUND, 'paymentId');
  if (asked > left + TOLERANCE_KOPECKS) throw new DomainError('validation', 'refund_too_large', `Доступно не более ${formatRoubles(kopecksToRoubles(left))}`, 'amount');
  const amountKopecks = Math.min(asked, left);
  const refundId = idempotencyKey ? uuidFrom(`staff-refund:${idempotencyKey}`) : randomUUID();
  const description = body.description || body.reason || undefined;
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
