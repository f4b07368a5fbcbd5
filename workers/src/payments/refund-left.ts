import { paymentIntentAggregate, paymentIntentStream, type RefundReason } from '@studio/domain';
import { refundPayment, type CommandContext, type CommandHandler, type PaymentProvider } from '@studio/platform';

export interface RefundLeft {
  intentId: string;
  paymentId: string;
  /** Derived from what triggered it, so a replay or a crashed retry asks for the same refund. */
  refundId: string;
  reason: RefundReason;
}

/**
 * Gives back what a succeeded payment has not yet given back, under `refundId`: a refund already
 * asked for under that id is asked again as it was (so a crash between our record and the
 * provider's answer is completed, never doubled), and a payment with nothing left, or not
 * succeeded, is let be. Two processes may each want a payment refunded (a booking cancelled while
 * its payment went through); whichever comes second finds nothing left.
 */
export async function refundLeft(commands: CommandHandler, payments: PaymentProvider | undefined, request: RefundLeft, context: CommandContext) {
  const { intentId, paymentId, refundId, reason } = request;
  const { state } = await commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  const payment = state.payments[paymentId];
  // Money staff recorded as come by bank transfer goes back the same way, never through the provider.
  if (payment?.status !== 'succeeded' || payment.method === 'transfer') return;
  const amountKopecks = state.refunds[refundId]?.amount ?? payment.amount - payment.refunded;
  if (amountKopecks <= 0) return;
  if (!payments) throw new Error(`These workers were started without a payment provider and cannot refund payment ${paymentId}`);
  await refundPayment(commands, payments, { intentId, refundId, paymentId, amountKopecks, reason }, context);
}
