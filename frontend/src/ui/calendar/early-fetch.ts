import { isStudio, tomskToday, type CurrentPrice, type DiscountRule, type Studio } from '@studio/domain';
import { BOOKING_PATH } from './booking-path';
import { fetchCalendarWeek, fetchCurrentPrices, fetchDiscountRules, fetchGroupDiscountEnabled } from './api';
import type { CalendarData } from './types';
import { initialFetchWeeks } from './weeks';

/** An early answer is only trusted briefly; after that the query fetches afresh. */
const FRESH_MS = 5_000;
const early = new Map<string, { at: number; data: Promise<unknown> }>();

/** Asks once for `key`: the app's frame and the booking page's chunk both call fetchCalendarEarly. */
function ask(key: string, load: () => Promise<unknown>): void {
  const asked = early.get(key);
  if (asked && Date.now() - asked.at < FRESH_MS) return;
  const data = load();
  // A failure is reported by the query that takes the promise; this keeps it from being "unhandled".
  data.catch(() => undefined);
  early.set(key, { at: Date.now(), data });
}

/** The early request for `key`, handed out once. */
function take<T>(key: string): Promise<T> | undefined {
  const entry = early.get(key);
  early.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.data as Promise<T>) : undefined;
}

/**
 * Starts what the calendar shows first (its first weeks, the prices, the discount rules and the
 * group-discount switch) from the app's frame, in parallel with the booking page's code, instead
 * of after React has mounted the calendar: on a cold load this takes the code and the render out
 * of the critical path to the first data (docs/performance.md).
 */
export function fetchCalendarEarly(pathname: string, now = new Date()): void {
  const studio = BOOKING_PATH.exec(pathname)?.[1];
  if (!isStudio(studio)) return;
  for (const week of initialFetchWeeks(tomskToday(now))) ask(`${studio}|${week}`, () => fetchCalendarWeek(studio, week));
  ask(`${studio}|prices`, () => fetchCurrentPrices(studio));
  ask(`${studio}|discounts`, () => fetchDiscountRules(studio));
  ask(`${studio}|group-discount`, () => fetchGroupDiscountEnabled(studio));
}

export const takeEarlyWeek = (studio: Studio, week: string) => take<CalendarData>(`${studio}|${week}`);
export const takeEarlyPrices = (studio: Studio) => take<CurrentPrice>(`${studio}|prices`);
export const takeEarlyDiscounts = (studio: Studio) => take<DiscountRule[]>(`${studio}|discounts`);
export const takeEarlyGroupDiscount = (studio: Studio) => take<boolean>(`${studio}|group-discount`);
