import { isDomainError, paymentIntentAggregate, paymentIntentStream, type PaymentIntentState, type RefundReason } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import type { PaymentProvider } from '../payments/payment-provider';
import { PAYMENT_PROVIDER_ACTOR } from './record-provider-status';

export interface RefundRequest {
  intentId: string;
  /** Our id of the refund (≤ 57 characters); asking again with it never refunds twice. */
  refundId: string;
  paymentId: string;
  amountKopecks: number;
  reason: RefundReason;
  /** Shown to the payer by the provider; at most 250 characters. */
  description?: string;
  /** The staff member who asked, by name, for the booking's history. */
  staffName?: string;
}

/** YooKassa keeps a key for 24 hours; ours is derived from our refund id, so every retry sends the same. */
export const refundIdempotenceKey = (refundId: string) => `refund:${refundId}`;

/**
 * Gives money of a succeeded payment back: the one path every refund takes (a payment that came
 * after its hold expired, a customer's cancellation, a staff member's partial refund). The refund
 * is first recorded on the intent, which refuses more than the payment has left and reserves the
 * amount; then the provider is asked with a key derived from the refund id, and its refund is
 * recorded. A retry after a crash anywhere in between repeats nothing: the request is recognised,
 * and the provider answers the same key with the refund it already made.
 */
export async function refundPayment(commands: CommandHandler, provider: PaymentProvider, request: RefundRequest, context: CommandContext) {
  const { intentId, refundId, paymentId, amountKopecks, reason, description, staffName } = request;
  const requested = await commands.handle(
    paymentIntentAggregate,
    {
      type: 'RequestRefund',
      data: { intentId, refundId, paymentId, amount: amountKopecks, reason, requestedBy: context.actor ?? 'system:unknown', ...(description ? { description } : {}), ...(staffName ? { staffName } : {}) },
    },
    context,
  );
  if (requested.state.refunds[refundId]?.providerRefundId) return requested;
  const refund = await provider.createRefund({ paymentId, amountKopecks, idempotenceKey: refundIdempotenceKey(refundId), ...(description ? { description } : {}) });
  return commands.handle(
    paymentIntentAggregate,
    { type: 'RecordProviderRefund', data: { intentId, refundId, providerRefundId: refund.id, status: refund.status } },
    { ...context, actor: PAYMENT_PROVIDER_ACTOR },
  );
}

/**
 * Records what the provider says of one refund now, re-fetched (a notification's body is only a
 * hint), on the intent its payment's metadata names. A refund that is not ours, or whose creation
 * is still being recorded by the one who asked for it, is nothing to act on.
 */
export async function recordRefundStatus(commands: CommandHandler, provider: PaymentProvider, providerRefundId: string, context: CommandContext) {
  const refund = await provider.getRefund(providerRefundId);
  const intentId = (await provider.getPayment(refund.payment_id)).metadata?.intentId;
  if (typeof intentId !== 'string') return undefined;
  try {
    return await commands.handle(
      paymentIntentAggregate,
      { type: 'RecordRefundStatus', data: { intentId, providerRefundId, status: refund.status } },
      { ...context, actor: PAYMENT_PROVIDER_ACTOR },
    );
  } catch (error) {
    if (isDomainError(error) && (error.code === 'refund_not_found' || error.code === 'intent_not_found')) return undefined;
    throw error;
  }
}

/** What a payment can still give back: succeeded, through the provider, less what its refunds took. */
export function refundableOf(payment: PaymentIntentState['payments'][string] | undefined): number {
  if (payment?.status !== 'succeeded' || payment.channel === 'manual_transfer') return 0;
  return payment.amount - payment.refunded;
}

export interface RefundLeft {
  intentId: string;
  paymentId: string;
  /** Derived from what triggered it, so a replay or a crashed retry asks for the same refund. */
  refundId: string;
  reason: RefundReason;
  /** At most this many kopecks (a cancellation by the change policy gives back its quote, not everything). */
  upTo?: number;
}

/**
 * Gives back what a succeeded payment has not yet given back, under `refundId`: a refund already
 * asked for under that id is asked again as it was (so a crash between our record and the
 * provider's answer is completed, never doubled), and a payment with nothing left, or not
 * succeeded, or paid by a manual bank transfer (which goes back the way it came, by staff, not
 * through the provider), is let be. Two processes may each want a payment refunded (a booking cancelled while its payment went
 * through); whichever comes second finds nothing left.
 */
export async function refundLeft(commands: CommandHandler, payments: PaymentProvider | undefined, request: RefundLeft, context: CommandContext) {
  const { intentId, paymentId, refundId, reason, upTo = Number.POSITIVE_INFINITY } = request;
  const { state } = await commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  const payment = state.payments[paymentId];
  if (payment?.status !== 'succeeded' || payment.channel === 'manual_transfer') return 0;
  const amountKopecks = state.refunds[refundId]?.amount ?? Math.min(upTo, refundableOf(payment));
  if (amountKopecks <= 0) return 0;
  if (!payments) throw new Error(`These workers were started without a payment provider and cannot refund payment ${paymentId}`);
  await refundPayment(commands, payments, { intentId, refundId, paymentId, amountKopecks, reason }, context);
  return amountKopecks;
}

/**
 * Gives `amount` kopecks back over the intent's payments in the order they were taken, each under
 * its own refund id from `refundIdOf`, so handling it again asks for the same refunds and no more.
 */
export async function refundAmount(
  commands: CommandHandler,
  payments: PaymentProvider | undefined,
  { intentId, amount, reason, refundIdOf }: { intentId: string; amount: number; reason: RefundReason; refundIdOf: (paymentId: string) => string },
  context: CommandContext,
) {
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  let left = amount;
  for (const paymentId of Object.keys(intent.payments)) {
    if (left <= 0) return;
    left -= (await refundLeft(commands, payments, { intentId, paymentId, refundId: refundIdOf(paymentId), reason, upTo: left }, context)) ?? 0;
  }
}
