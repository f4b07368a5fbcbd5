import { bookingAggregate, bookingStream, type BookingEvent } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import type { PaymentProvider } from '../payments/payment-provider';
import { refundAmount } from './refund-payment';
import { giveBackPromo, releaseCells } from './release-cells';

type CancelReason = Extract<BookingEvent, { type: 'BookingCanceled' }>['data']['reason'];

/** The refund of a cancelled booking's payment: one per payment, so re-handling asks for the same refund (≤ 57 characters). */
export const cancellationRefundId = (paymentId: string) => `cancel:${paymentId}`;

/**
 * What a booking cancelled by its customer or by staff gives back: every cell (booked, or still
 * held while the first payment was awaited) is free again and its promo use returns. A customer's
 * cancellation also refunds what its change policy quoted (docs/change-policy.md), payment by payment. A staff
 * deletion does not: the back-office warns staff to refund first (docs/cabinet.md#rules «Delete
 * booking»), so the amount is theirs to choose, and what is left stays refundable from the
 * booking. The cancellations the payment outcome makes itself (a failed or late payment) are
 * handled there. Re-handling repeats nothing: the releases append nothing twice and the refunds
 * are keyed on the payment.
 */
export async function settleCancellation(
  commands: CommandHandler,
  payments: PaymentProvider | undefined,
  { bookingId, reason, refund }: { bookingId: string; reason: CancelReason; refund?: number | undefined },
  context: CommandContext,
) {
  if (reason !== 'customer' && reason !== 'staff') return;
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (!state.booking) throw new Error(`Booking ${bookingId} was cancelled but never placed`);
  const { intentId } = state.booking;
  await releaseCells(commands, state.booking, { booked: reason === 'staff' ? 'deleted' : 'cancelled', held: 'cancelled' }, context);
  await giveBackPromo(commands, state.booking, context);
  if (reason === 'staff') return;
  // The policy's quote (docs/change-policy.md); a cancellation recorded before policies gives everything back.
  const amount = refund ?? Number.POSITIVE_INFINITY;
  await refundAmount(commands, payments, { intentId, amount, reason: 'booking_canceled', refundIdOf: cancellationRefundId }, context);
}
