import { bookingAggregate, bookingStream, isDomainError, paymentIntentAggregate, paymentIntentStream, studioDayAggregate, type PaymentIntentEvent, type RefundReason } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import type { PaymentProvider } from '../payments/payment-provider';
import { refundLeft } from './refund-payment';
import { settleRescheduleDifference } from './reschedule-booking';
import { giveBackPromo, releaseCells } from './release-cells';

type Updated = Extract<PaymentIntentEvent, { type: 'ProviderPaymentUpdated' }>['data'];

/**
 * What a verified payment outcome does to its booking: a succeeded payment turns the booking's
 * holds into booked cells, day by day, then confirms the booking; a cancelled one gives the cells
 * back and cancels it. A payment that succeeds after a day's hold was already released (it
 * expired) cannot have that day: the days confirmed so far are given back, the booking is
 * cancelled as expired and the whole payment is refunded. The rest of a 50% prepayment is added
 * to its booking (already confirmed by the prepayment), or refunded if the booking was cancelled
 * meanwhile; so is a first payment whose booking was cancelled while it went through. A staff
 * booking's cells were reserved outright, so its link's payment is added the same way, and a
 * declined one leaves it booked and unpaid: staff decided to book it, and staff decide to delete it.
 */
export async function settlePayment(commands: CommandHandler, payments: PaymentProvider | undefined, { intentId, paymentId, status }: Updated, context: CommandContext) {
  if (status !== 'succeeded' && status !== 'canceled') return;
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
  if (!intent.intent) throw new Error(`Payment ${paymentId} updated on intent ${intentId}, which was never created`);
  const payment = intent.payments[paymentId];
  if (!payment) throw new Error(`Payment ${paymentId} updated on intent ${intentId}, which never took it`);
  const { bookingId } = intent.intent;
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (!state.booking) throw new Error(`Intent ${intentId} pays for booking ${bookingId}, which was never placed`);
  const { studio, blocks } = state.booking;
  // The refund's id, and so its Idempotence-Key, is the payment's: a replay or a crashed retry asks for the same refund.
  const refundWhole = (reason: RefundReason) => refundLeft(commands, payments, { intentId, paymentId, refundId: `whole:${paymentId}`, reason }, context);

  // A move's difference completes the move it pays for (docs/change-policy.md).
  if (payment.purpose === 'difference') return settleRescheduleDifference(commands, state, { paymentId, status, refundWhole }, context);

  // A staff booking's cells were booked when it was made: its payments, like a remainder, only add money.
  if (payment.purpose === 'remainder' || state.booking.createdBy === 'staff') {
    if (status === 'canceled') return;
    try {
      await commands.handle(bookingAggregate, { type: 'RecordBookingPayment', data: { bookingId, paymentId, amount: payment.amount } }, context);
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'booking_canceled') throw error;
      await refundWhole('booking_canceled');
    }
    return;
  }

  if (status === 'canceled') {
    await releaseCells(commands, state.booking, { held: 'cancelled' }, context);
    await giveBackPromo(commands, state.booking, context);
    await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'payment_canceled' } }, context);
    return;
  }
  for (const block of blocks) {
    try {
      await commands.handle(studioDayAggregate, { type: 'ConfirmHold', data: { studio, date: block.date, holdId: block.holdId!, bookingId } }, context);
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'hold_released') throw error;
      // The days confirmed so far are booked, the others still held.
      await releaseCells(commands, state.booking, { booked: 'compensation', held: 'cancelled' }, context);
      await giveBackPromo(commands, state.booking, context);
      await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'hold_expired' } }, context);
      // A booking its customer cancelled before paying lost its holds that way: the refund says so.
      await refundWhole(state.status === 'canceled' ? 'booking_canceled' : 'hold_expired');
      return;
    }
  }
  try {
    await commands.handle(bookingAggregate, { type: 'ConfirmBooking', data: { bookingId, paymentId, paid: payment.amount } }, context);
  } catch (error) {
    // Cancelled while the payment went through (a customer gave up a booking still awaiting it): nothing is kept.
    if (!isDomainError(error) || error.code !== 'booking_canceled') throw error;
    await releaseCells(commands, state.booking, { booked: 'compensation' }, context);
    await refundWhole('booking_canceled');
  }
}
