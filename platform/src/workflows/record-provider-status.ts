import { DomainError, isDomainError, paymentIntentAggregate, paymentIntentStream, type ProviderPaymentStatus } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import type { PaymentProvider } from '../payments/payment-provider';

/** Who the provider's word is recorded as coming from. */
export const PAYMENT_PROVIDER_ACTOR = 'provider:payments';

/**
 * Records what the provider says of one payment now, on the intent the payment's own metadata
 * names. The word is always re-fetched from the provider: notifications are unsigned, so their
 * body is only a hint of which payment to look at. Shared by the notification endpoint and the
 * payment-status sync; a payment that is not one of ours (or that its intent never recorded,
 * because the checkout failed halfway) is nothing to act on.
 */
export async function recordProviderStatus(commands: CommandHandler, provider: PaymentProvider, paymentId: string, context: CommandContext) {
  const payment = await provider.getPayment(paymentId);
  const intentId = payment.metadata?.intentId;
  if (typeof intentId !== 'string') return undefined;
  const status = payment.status as ProviderPaymentStatus;
  const reason = payment.cancellation_details?.reason;
  const method = payment.payment_method?.type.slice(0, 50);
  try {
    return await commands.handle(
      paymentIntentAggregate,
      { type: 'RecordProviderStatus', data: { intentId, paymentId, status, ...(reason ? { reason } : {}), ...(method ? { method } : {}) } },
      { ...context, actor: PAYMENT_PROVIDER_ACTOR },
    );
  } catch (error) {
    if (isDomainError(error) && (error.code === 'payment_not_found' || error.code === 'intent_not_found')) return undefined;
    throw error;
  }
}

/**
 * Asks the provider again about every unsettled payment of an intent (the result page's way round
 * a lost notification), recording what it says; the position is the last one recorded, or null.
 */
export async function syncIntentPayments(commands: CommandHandler, provider: PaymentProvider, intentId: string, context: CommandContext) {
  const { state } = await commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  if (!state.intent) throw new DomainError('not_found', 'intent_not_found', 'Платёж не найден', 'intentId');
  let position: string | null = null;
  for (const [paymentId, payment] of Object.entries(state.payments)) {
    if (payment.status === 'succeeded' || payment.status === 'canceled') continue;
    const result = await recordProviderStatus(commands, provider, paymentId, context);
    position = result?.position ?? position;
  }
  return { position };
}
