// Days a test books on, named relative to the test clock (TEST_TODAY), never the real date.
import { dateDiscountPercent, type Studio } from '@studio/domain';
import { demoDiscountRules } from '@studio/platform';
import { testClock } from '@studio/platform/testing';

let offset = 0;
/** A day far enough ahead that the two-hour notice rule never matters, unique per call in a file. */
export function futureDate(daysAhead = 40): string {
  offset += 1;
  return testClock.day(daysAhead + offset);
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

