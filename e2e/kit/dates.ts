// Days a test books on, named relative to the test clock (TEST_TODAY), never the real date.
import { BOOKING_HORIZON_DAYS, dateDiscountPercent, type Studio } from '@studio/domain';
import { demoDiscountRules } from '@studio/platform';
import { testClock } from '@studio/platform/testing';

/**
 * The days futureDate hands out: from 15 days ahead (past the demo bookings' two weeks, and clear of
 * every notice rule: the last-minute and next-day discounts, the two-hour hold notice, the three
 * days a customer may still cancel by) to a day short of the customer's horizon
 * (BOOKING_HORIZON_DAYS, 8 weeks), so every day a test books is one a customer may book and cancel.
 */
const FIRST_DAY = 15;
const LAST_DAY = BOOKING_HORIZON_DAYS - 1;
const DAYS = LAST_DAY - FIRST_DAY + 1;

let offset = 0;
/**
 * A day inside the horizon, unique per call in a file: `daysAhead` (at least FIRST_DAY) plus a
 * per-file counter, folded into FIRST_DAY … LAST_DAY. Any 41 calls in a row give 41 different days;
 * a file that needs more distinct slots varies the time or the studio as well. A file that needs
 * one day after another names them with testClock.day(n): a fold may put a later call first.
 */
export function futureDate(daysAhead = 40): string {
  offset += 1;
  return testClock.day(FIRST_DAY + ((Math.max(daysAhead, FIRST_DAY) - FIRST_DAY + offset) % DAYS));
}

/** Files share modules (isolate: false): each starts futureDate's counter afresh, as it would alone (kit/file-setup.ts). */
export function restartFutureDates(): void {
  offset = 0;
}

/**
 * The first day at least `daysAhead` days from today on which none of the studio's demo discounts
 * applies (the weekday, last-minute and next-day ones): a price a test asserts is then the list
 * price on whichever day the suite runs as.
 */
export function discountFreeDay(studio: Studio, daysAhead: number): string {
  const today = testClock.today();
  for (let days = daysAhead; ; days += 1) {
    const date = testClock.day(days);
    if (dateDiscountPercent(demoDiscountRules(studio), date, today) === 0) return date;
  }
}


/**
 * The seven days of next week, Monday to Sunday, as the back-office calendar shows them after one
 * «Следующая неделя»: testClock.day(7) is always among them, testClock.day(8) is not on a Sunday.
 */
export function nextWeekDays(): string[] {
  const today = testClock.today();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return Array.from({ length: 7 }, (_, i) => testClock.day(7 - weekday + i));
}
