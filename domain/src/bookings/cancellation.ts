import { phoneDigits } from '../calendar/ownership';
import { DomainError } from '../errors';
import { tomskInstant } from '../time/tomsk';
import type { BookingStatus } from './decider';
import type { BookingBlock } from './events';

/** A customer cancels at least this many days before the booked time starts (docs/cabinet.md#constants). */
export const CUSTOMER_CANCEL_NOTICE_DAYS = 3;
/**
 * On top of the notice: the spec's client counted it with a 7-hour safety margin (docs/cabinet.md#calls-and-who-may-make-them), so a
 * customer is never offered a cancellation the studio would not honour a few hours later.
 */
export const CUSTOMER_CANCEL_SAFETY_HOURS = 7;

const HOUR_MS = 60 * 60 * 1000;
const CUSTOMER_CANCEL_NOTICE_MS = (CUSTOMER_CANCEL_NOTICE_DAYS * 24 + CUSTOMER_CANCEL_SAFETY_HOURS) * HOUR_MS;

/** When the booked time starts: its earliest day's first cell, Asia/Tomsk. */
export function bookingStartsAt(blocks: readonly Pick<BookingBlock, 'date' | 'cells'>[]): Date {
  const date = blocks.map((block) => block.date).sort()[0]!;
  const first = blocks.filter((block) => block.date === date).flatMap((block) => block.cells).sort()[0]!;
  return tomskInstant(date, first);
}

/**
 * Why a customer may not cancel this booking now, or null when they may: one date only (a group is
 * the administrator's to cancel), not yet cancelled or completed, and its start at least the notice
 * ahead. The one rule the cabinet's `can_cancel` and the cancel command both ask.
 */
export function customerCancelRefusal(
  booking: { blocks: readonly Pick<BookingBlock, 'date' | 'cells'>[]; status: BookingStatus },
  now: Date,
): DomainError | null {
  if (booking.blocks.length > 1) return new DomainError('conflict', 'group_booking', 'Бронирование из группы отменяет администратор', 'bookingId');
  if (booking.status === 'canceled') return new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
  if (booking.status === 'completed') return new DomainError('conflict', 'booking_completed', 'Бронирование уже завершено', 'bookingId');
  if (bookingStartsAt(booking.blocks).getTime() - now.getTime() < CUSTOMER_CANCEL_NOTICE_MS) {
    return new DomainError('conflict', 'cancel_too_late', `Отмена возможна не позднее чем за ${CUSTOMER_CANCEL_NOTICE_DAYS} дня до начала`, 'bookingId');
  }
  return null;
}

export const customerMayCancel = (booking: Parameters<typeof customerCancelRefusal>[0], now: Date): boolean => customerCancelRefusal(booking, now) === null;

/**
 * Whether a customer's account owns a booking: booked signed in as them, or booked as a guest with
 * their phone once the account has proved the phone is theirs (bookings keep the digits, accounts
 * E.164). Shared by every customer's call on a booking.
 */
export function isCustomersBooking(customer: { userId?: string | undefined; phone: string }, account: { id: string; phone: string; phoneVerified: boolean }): boolean {
  if (customer.userId) return customer.userId === account.id;
  return account.phoneVerified && customer.phone === phoneDigits(account.phone);
}
