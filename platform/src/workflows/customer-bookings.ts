import { bookingAggregate, bookingStream, DomainError, isCustomersBooking, paymentIntentAggregate, paymentIntentStream, type BookingCustomer } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { netPaid } from './change-policy';

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
 * A customer's cancellation of their own booking (docs/cabinet.md#rules «Cancel»), by its change
 * policy (docs/change-policy.md): one date, not yet begun; the decider quotes the refund from what
 * was paid, and refuses one that differs from `expectedRefund` (kopecks, what the customer was
 * shown). Only the cancellation is written here; the booking-cancellation process frees the cells
 * and refunds the quote.
 */
export async function cancelOwnBooking(commands: CommandHandler, customer: SignedInCustomer, bookingId: string, context: CommandContext, now: Date, expectedRefund?: number) {
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (!state.booking) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
  requireOwnBooking(customer, state.booking.customer);
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(state.booking.intentId));
  const data = { bookingId, reason: 'customer' as const, requestedBy: `customer:${customer.id}`, now, paid: netPaid(intent), ...(expectedRefund === undefined ? {} : { expectedRefund }) };
  return commands.handle(bookingAggregate, { type: 'CancelBooking', data }, context);
}
