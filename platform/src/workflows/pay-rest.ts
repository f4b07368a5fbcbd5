import { bookingAggregate, bookingStream, DomainError, paymentIntentAggregate, paymentIntentStream, remainderDue, russianDate, STUDIO_NAMES } from '@studio/domain';
import type { CommandContext } from '../commands/handle-command';
import { PaymentProviderError } from '../payments/payment-provider';
import { bookingReceipt } from './booking-receipt';
import { requireOwnBooking, type SignedInCustomer } from './customer-bookings';
import type { PaymentDeps } from './payment-deps';

/**
 * The rest of a 50% prepayment (docs/cabinet.md#calls-and-who-may-make-them, POST /api/payment-intents/{id}/pay-rest): a provider
 * payment for what is still owed, taken once. While it is open, asking again answers with it; the
 * Idempotence-Key counts the remainder payments taken, so two requests at once take the same one
 * and a new one is taken only after a declined one.
 */
export async function payRest(deps: PaymentDeps, intentId: string, context: CommandContext): Promise<{ confirmationUrl: string; position: string | null }> {
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

/** Who asks for the rest on the payment result page: the browser's visitor key, the account its session signs in, and whether it is staff. */
export interface IntentCaller {
  visitor: string | undefined;
  customerId: string | null;
  staff: boolean;
}

export const PAY_REST_NOT_BUYER = 'Доплатить может только тот, кто оформил бронирование';

/**
 * The result page's way to the remainder (POST /api/payment-intents/{id}/pay-rest): only for the
 * booking's buyer (the browser or the account that checked out) and staff. An intent id travels
 * in links and hold ids derive from it; anyone else who has it is refused with 403.
 */
export async function payRestAsBuyer(deps: PaymentDeps, intentId: string, caller: IntentCaller, context: CommandContext) {
  if (!caller.staff) {
    const { state } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
    if (!state.intent) throw new DomainError('not_found', 'intent_not_found', 'Платёж не найден', 'intentId');
    const booking = (await deps.commands.read(bookingAggregate, bookingStream(state.intent.bookingId))).state.booking;
    const buyer =
      (booking?.visitor !== undefined && booking.visitor === caller.visitor) || (booking?.customer.userId !== undefined && booking.customer.userId === caller.customerId);
    if (!buyer) throw new DomainError('forbidden', 'not_the_buyer', PAY_REST_NOT_BUYER, 'intentId');
  }
  return payRest(deps, intentId, context);
}

const sourceNotFound = () => new DomainError('not_found', 'payment_not_found', 'Не найден исходный платеж', 'paymentId');

/**
 * The cabinet's way to the remainder (docs/cabinet.md#calls-and-who-may-make-them, POST /api/payments/{paymentId}/pay-rest): the
 * signed-in owner of the booking names a payment of it (the prepayment). The payment's intent is
 * where the provider's own record of the payment says (we put it in its metadata), and is believed
 * only when that intent did take the payment; no read model is consulted, so the answer never
 * lags behind it.
 */
export async function payRestOfPayment(deps: PaymentDeps, customer: SignedInCustomer, paymentId: string, context: CommandContext) {
  let intentId: unknown;
  try {
    intentId = (await deps.payments.getPayment(paymentId)).metadata?.intentId;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.code === 'not_found') throw sourceNotFound();
    console.error(`[command-api] the payment provider could not show payment ${paymentId}: ${error.code} ${error.description}`);
    throw new DomainError('unavailable', 'payment_unavailable', 'Платёжный сервис не отвечает. Попробуйте ещё раз через минуту', 'paymentId');
  }
  if (typeof intentId !== 'string') throw sourceNotFound();
  const { state } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  if (!state.intent || !state.payments[paymentId]) throw sourceNotFound();
  const { state: booking } = await deps.commands.read(bookingAggregate, bookingStream(state.intent.bookingId));
  if (!booking.booking) throw sourceNotFound();
  requireOwnBooking(customer, booking.booking.customer);
  return payRest(deps, intentId, context);
}
