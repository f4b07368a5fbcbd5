import { DomainError } from '../errors';
import { addDays } from '../time/tomsk';

/** How far ahead the calendar shows and a customer may book: 8 weeks from today (Tomsk), that day included. */
export const BOOKING_HORIZON_DAYS = 8 * 7;
/** The most dates one customer booking may cover: one request must not hold a studio for months. */
export const MAX_BOOKING_DATES = 7;

export const BEYOND_HORIZON_MESSAGE = 'Бронирование доступно не более чем на 8 недель вперёд';

/**
 * A customer's checkout refused before anything is held (issue 19): more than MAX_BOOKING_DATES
 * distinct dates, or a date past the calendar's horizon. Staff bookings are not limited by this.
 */
export function checkCustomerBookingDates(dates: readonly string[], today: string): void {
  const distinct = new Set(dates);
  if (distinct.size > MAX_BOOKING_DATES) {
    throw new DomainError('validation', 'too_many_dates', `За один раз можно забронировать не более ${MAX_BOOKING_DATES} дат`, 'timeSlots');
  }
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  // ISO dates compare as strings.
  if ([...distinct].some((date) => date > lastDay)) throw new DomainError('validation', 'beyond_horizon', BEYOND_HORIZON_MESSAGE, 'timeSlots');
}
