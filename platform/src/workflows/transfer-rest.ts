import { bookingAggregate, DomainError, formatRoubles, kopecksToRoubles, paymentIntentAggregate } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { staffOnBooking, type StaffBookingCall } from './staff-on-booking';

/**
 * Staff record that the rest of a booking came by bank transfer (admin-backoffice §7
 * «mark-transfer-rest-paid»). The remainder is the booking's total less what it has been paid (or
 * `given`, kopecks, up to that); it is recorded on the intent first, so the customer is not
 * offered an online remainder for money already in, and then on the booking. The `tr_` id is
 * derived from the booking and what it had been paid, so a retry after a crash between the two
 * writes records the same payment, and a second call for a settled booking finds nothing owed.
 */
export async function markTransferRestPaid(commands: CommandHandler, call: StaffBookingCall, given: number | undefined, context: CommandContext) {
  const { bookingId, state, staff } = await staffOnBooking(commands, call);
  const { booking, status, paid } = state;
  if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
  if (status === 'pending') throw new DomainError('conflict', 'booking_not_confirmed', 'Бронирование ещё не подтверждено первым платежом', 'bookingId');
  const owed = booking.price.total - paid;
  if (owed <= 0) throw new DomainError('conflict', 'fully_paid', 'Оплата уже внесена полностью', 'bookingId');
  const amount = given ?? owed;
  if (amount > owed) throw new DomainError('validation', 'remainder_amount', `Остаток к оплате — ${formatRoubles(kopecksToRoubles(owed))}`, 'amount');
  const paymentId = `tr_${uuidFrom(`transfer-rest:${bookingId}:${paid}`)}`;
  await commands.handle(
    paymentIntentAggregate,
    { type: 'RecordTransferPayment', data: { intentId: booking.intentId, paymentId, purpose: 'remainder', amount, recordedBy: context.actor!, staffName: staff.name } },
    context,
  );
  const recorded = await commands.handle(bookingAggregate, { type: 'RecordBookingPayment', data: { bookingId, paymentId, amount, method: 'transfer', staffName: staff.name } }, context);
  return { paymentId, amount: kopecksToRoubles(amount), position: recorded.position };
}
