import { bookingAggregate, bookingStream, DomainError, isCustomersBooking, type BookingCustomer } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';

/** A signed-in customer, as their account says. */
export interface SignedInCustomer {
  id: string;
  /** E.164, as the account keeps it. */
  phone: string;
  /** Whether the phone is proved the account's: until then guest bookings made with it are not theirs. */
  phoneVerified: boolean;
}

/** 403 unless the booking is the customer's: booked signed in as them, or as a guest with their verified phone. */
export function requireOwnBooking(customer: SignedInCustomer, booked: BookingCustomer): void {
  if (!isCustomersBooking(booked, customer)) throw new DomainError('forbidden', 'not_your_booking', 'Это бронирование другого клиента');
}

/**
 * A customer's cancellation of their own booking (docs/cabinet.md#rules «Cancel»): one date, at least
 * the notice ahead, as the booking's decider rules. Only the cancellation is written here; the
 * booking-cancellation process frees the cells and refunds what was paid.
 */
export async function cancelOwnBooking(commands: CommandHandler, customer: SignedInCustomer, bookingId: string, context: CommandContext, now: Date) {
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (!state.booking) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
  requireOwnBooking(customer, state.booking.customer);
  return commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'customer', requestedBy: `customer:${customer.id}`, now } }, context);
}
