import { bookingAggregate, DomainError, formatRoubles, kopecksToRoubles, paymentIntentAggregate, roublesToKopecksSchema } from '@studio/domain';
import { uuidFrom } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { parseOr, TRANSFER_AMOUNT_MESSAGE } from './schemas';
import type { StaffOnBooking } from './staff-booking';

const transferAmountSchema = roublesToKopecksSchema.refine((kopecks) => kopecks >= 1);

/**
 * POST /api/bookings/{id}/mark-transfer-rest-paid (admin-backoffice §7): staff record that the rest
 * of a booking came by bank transfer. The remainder is the booking's total less what it has been
 * paid (or the amount given, up to that); it is recorded on the intent first, so the customer is
 * not offered an online remainder for money already in, and then on the booking. The `tr_` id is
 * derived from the booking and what it had been paid, so a retry after a crash between the two
 * writes records the same payment, and a second call for a settled booking finds nothing owed.
 */
export async function markTransferRestPaid(deps: CommandApiDeps, { bookingId, state, staff, context }: StaffOnBooking, givenAmount: unknown) {
  const { booking, status, paid } = state;
  if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
  if (status === 'pending') throw new DomainError('conflict', 'booking_not_confirmed', 'Бронирование ещё не подтверждено первым платежом', 'bookingId');
  const owed = booking.price.total - paid;
  if (owed <= 0) throw new DomainError('conflict', 'fully_paid', 'Оплата уже внесена полностью', 'bookingId');
  const amount =
    givenAmount === undefined || givenAmount === null || givenAmount === ''
      ? owed
      : parseOr(transferAmountSchema, givenAmount, { code: 'invalid_amount', message: TRANSFER_AMOUNT_MESSAGE, field: 'amount' });
  if (amount > owed) throw new DomainError('validation', 'remainder_amount', `Остаток к оплате — ${formatRoubles(kopecksToRoubles(owed))}`, 'amount');
  const paymentId = `tr_${uuidFrom(`transfer-rest:${bookingId}:${paid}`)}`;
  await deps.commands.handle(
    paymentIntentAggregate,
    { type: 'RecordTransferPayment', data: { intentId: booking.intentId, paymentId, purpose: 'remainder', amount, recordedBy: context.actor!, staffName: staff.name } },
    context,
  );
  const recorded = await deps.commands.handle(
    bookingAggregate,
    { type: 'RecordBookingPayment', data: { bookingId, paymentId, amount, method: 'transfer', staffName: staff.name } },
    context,
  );
  return { paymentId, amount: kopecksToRoubles(amount), position: recorded.position };
}
