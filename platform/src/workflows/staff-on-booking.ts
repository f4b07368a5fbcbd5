import { bookingAggregate, bookingStream, DomainError, kopecksToRoubles, paymentIntentAggregate, paymentIntentStream, staffMemberAggregate, staffMemberStream, type BookingState, type Studio } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { refundableOf } from './refund-payment';

/** A staff call on a booking: the booking by its id, the studio its path names if any, and the member making it. */
export interface StaffBookingCall {
  bookingId: string;
  studio?: Studio | undefined;
  staffId: string;
}

export interface StaffOnBooking {
  bookingId: string;
  /** The booking as its stream says now: placed (a missing one is a 404 before this is returned). */
  state: BookingState & { booking: NonNullable<BookingState['booking']> };
  staff: { id: string; name: string };
}

/**
 * The booking a staff call names, with the staff member making it. The path's studio, when the
 * call is studio-prefixed, must be the booking's: another studio's booking does not exist there.
 * The member's name comes from their own record, never from the body (the spec's adminName).
 */
export async function staffOnBooking(commands: CommandHandler, { bookingId, studio, staffId }: StaffBookingCall): Promise<StaffOnBooking> {
  const [{ state }, { state: staff }] = await Promise.all([commands.read(bookingAggregate, bookingStream(bookingId)), commands.read(staffMemberAggregate, staffMemberStream(staffId))]);
  const { booking } = state;
  if (!booking || (studio && booking.studio !== studio)) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
  if (!staff.member) throw new Error(`staff member ${staffId} has a session but no record`);
  return { bookingId, state: { ...state, booking }, staff: { id: staffId, name: staff.member.name } };
}

/** A staff member's note on a booking, dated now and signed with their name. */
export async function addBookingNote(commands: CommandHandler, call: StaffBookingCall, text: string, context: CommandContext, now: Date) {
  const { bookingId, staff } = await staffOnBooking(commands, call);
  const at = now.toISOString();
  const result = await commands.handle(bookingAggregate, { type: 'AddBookingNote', data: { bookingId, text, at, staffId: staff.id, staffName: staff.name } }, context);
  return { note: { text, date: at, adminName: staff.name }, position: result.position };
}

/**
 * Staff delete a booking (docs/booking.md#rules «Delete booking»): it is cancelled, and the workers
 * free its cells. Money is not sent back: what its payments still hold stays refundable, and is
 * answered (roubles) so staff see it.
 */
export async function deleteBooking(commands: CommandHandler, call: StaffBookingCall, context: CommandContext) {
  const { bookingId, state } = await staffOnBooking(commands, call);
  const result = await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'staff', requestedBy: context.actor! } }, context);
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(state.booking.intentId));
  const refundable = Object.values(intent.payments).reduce((sum, payment) => sum + refundableOf(payment), 0);
  return { refundable: kopecksToRoubles(refundable), position: result.position };
}
