import { bookingAggregate, bookingStream, DomainError, paymentIntentAggregate, paymentIntentStream, remainderDue } from '@studio/domain';
import { PaymentProviderError, type CommandContext } from '@studio/platform';
import { bookingReceipt } from '../bookings/receipt';
import { russianDate, STUDIO_NAMES } from '../bookings/studio-names';
import type { CommandApiDeps } from '../http/app';

/**
 * The rest of a 50% prepayment (spec §7, POST /api/payment-intents/{id}/pay-rest): a provider
 * payment for what is still owed, taken once. While it is open, asking again answers with it; the
 * Idempotence-Key counts the remainder payments taken, so two requests at once take the same one
 * and a new one is taken only after a declined one.
 */
export async function payRest(deps: CommandApiDeps, intentId: string, context: CommandContext): Promise<{ confirmationUrl: string; position: string | null }> {
  const { state, position } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  const { amount, open, taken } = remainderDue(state);
  if (open) return { confirmationUrl: open[1].confirmationUrl, position };
  const { bookingId } = state.intent!;
  const { state: booking } = await deps.commands.read(bookingAggregate, bookingStream(bookingId));
  if (!booking.booking || (booking.status !== 'confirmed' && booking.status !== 'completed')) {
    throw new DomainError('conflict', 'booking_not_payable', 'Бронирование отменено или ещё не подтверждено: доплата сейчас невозможна', 'intentId');
  }
  const { studio, blocks, customer } = booking.booking;
  let payment;
  try {
    payment = await deps.payments.createPayment({
      amountKopecks: amount,
      description: `Доплата за бронирование студии «${STUDIO_NAMES[studio]}»: ${blocks.map((block) => russianDate(block.date)).join(', ')}`.slice(0, 128),
      returnUrl: `${deps.siteUrl}/payment/success?intent=${intentId}`,
      metadata: { intentId, bookingId, purpose: 'remainder', kind: 'remainder' },
      capture: true,
      idempotenceKey: `${intentId}:remainder:${taken + 1}`,
      ...(deps.receipts ? { receipt: bookingReceipt({ studio, email: customer.email, blocks }, amount, deps.receipts) } : {}),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`[command-api] the payment provider refused the remainder of intent ${intentId}: ${error.code} ${error.description}`);
    throw new DomainError('unavailable', 'payment_unavailable', 'Не удалось создать доплату. Попробуйте ещё раз через минуту', 'payment');
  }
  const confirmationUrl = payment.confirmation?.confirmation_url;
  if (!confirmationUrl) throw new Error(`Provider payment ${payment.id} for the remainder of intent ${intentId} came without a confirmation URL`);
  const recorded = await deps.commands.handle(
    paymentIntentAggregate,
    { type: 'RecordProviderPayment', data: { intentId, paymentId: payment.id, purpose: 'remainder', amount, confirmationUrl } },
    context,
  );
  return { confirmationUrl, position: recorded.position };
}
