import { randomUUID } from 'node:crypto';
import { bookingAggregate, DomainError, formatRoubles, kopecksToRoubles, paymentIntentAggregate, paymentIntentStream } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { staffOnBooking, type StaffBookingCall } from './staff-on-booking';

/**
 * Staff record that the rest of a booking came by bank transfer (docs/admin-calendar.md#calls-and-who-may-make-them
 * «mark-transfer-rest-paid»). The remainder is the booking's total less what it has been paid (or
 * `given`, kopecks, up to that); it is recorded on the intent first, so the customer is not
 * offered an online remainder for money already in, and then on the booking. Every entry is a
 * payment of its own: a `tr_` id derived from what it had been paid would merge entries sent
 * together into one while answering each «Оплата подтверждена». Only a retry with the same
 * Idempotency-Key names the same payment, and is answered with it (finishing the booking's
 * record if a crash came between the two writes); the intent refuses an entry beyond what is owed.
 */
export async function markTransferRestPaid(commands: CommandHandler, call: StaffBookingCall, given: number | undefined, idempotencyKey: string | undefined, context: CommandContext) {
  const { bookingId, state, staff } = await staffOnBooking(commands, call);
  const { booking, status, paid } = state;
  const paymentId = `tr_${idempotencyKey ? uuidFrom(`transfer-rest:${bookingId}:${idempotencyKey}`) : randomUUID()}`;
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(booking.intentId));
  const earlier = intent.payments[paymentId];
  if (earlier) return recordOnBooking(commands, { bookingId, paymentId, amount: earlier.amount, staffName: staff.name }, context);
  if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
  if (status === 'pending') throw new DomainError('conflict', 'booking_not_confirmed', 'Бронирование ещё не подтверждено первым платежом', 'bookingId');
  const owed = booking.price.total - paid;
  if (owed <= 0) throw new DomainError('conflict', 'fully_paid', 'Оплата уже внесена полностью', 'bookingId');
  const amount = given ?? owed;
  if (amount > owed) throw new DomainError('validation', 'remainder_amount', `Остаток к оплате — ${formatRoubles(kopecksToRoubles(owed))}`, 'amount');
  await commands.handle(
    paymentIntentAggregate,
    { type: 'RecordTransferPayment', data: { intentId: booking.intentId, paymentId, purpose: 'remainder', amount, recordedBy: context.actor!, staffName: staff.name } },
    context,
  );
  return recordOnBooking(commands, { bookingId, paymentId, amount, staffName: staff.name }, context);
}

async function recordOnBooking(commands: CommandHandler, payment: { bookingId: string; paymentId: string; amount: number; staffName: string }, context: CommandContext) {
  const recorded = await commands.handle(bookingAggregate, { type: 'RecordBookingPayment', data: { ...payment, method: 'transfer' } }, context);
  return { paymentId: payment.paymentId, amount: kopecksToRoubles(payment.amount), position: recorded.position };
}
