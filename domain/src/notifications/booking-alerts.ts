import type { BookingEvent } from '../bookings/events';

// Which booking events staff hear of in Telegram: docs/notifications.md («Оповещения в Telegram»).

export type BookingAlertKind = 'confirmed' | 'cancelled' | 'moved';

/**
 * The one list of booking events staff alerts react to, and what each one is. A new event that
 * confirms, cancels or moves a booking (a customer's reschedule) is one more line here.
 */
export const BOOKING_ALERT_EVENTS = {
  BookingConfirmed: 'confirmed',
  BookingCreatedByStaff: 'confirmed',
  BookingCanceled: 'cancelled',
  BookingMoved: 'moved',
  BookingRescheduled: 'moved',
} as const satisfies Partial<Record<BookingEvent['type'], BookingAlertKind>>;

export type BookingAlertEvent = Extract<BookingEvent, { type: keyof typeof BOOKING_ALERT_EVENTS }>;
