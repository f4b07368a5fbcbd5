import { phoneDigits } from '../calendar/ownership';
import { tomskInstant } from '../time/tomsk';
import type { BookingBlock } from './events';

/** When the booked time starts: its earliest day's first cell, Asia/Tomsk. */
export function bookingStartsAt(blocks: readonly Pick<BookingBlock, 'date' | 'cells'>[]): Date {
  const date = blocks.map((block) => block.date).sort()[0]!;
  const first = blocks.filter((block) => block.date === date).flatMap((block) => block.cells).sort()[0]!;
  return tomskInstant(date, first);
}

/**
 * Whether a customer's account owns a booking: booked signed in as them, or booked as a guest with
 * their phone once the account has proved the phone is theirs (bookings keep the digits, accounts
 * E.164). Shared by every customer's call on a booking.
 */
export function isCustomersBooking(customer: { userId?: string | undefined; phone: string }, account: { id: string; phone: string; phoneVerified: boolean }): boolean {
  if (customer.userId) return customer.userId === account.id;
  return account.phoneVerified && customer.phone === phoneDigits(account.phone);
}
