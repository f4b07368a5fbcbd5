import { isStudio, tomskToday, type Studio } from '@studio/domain';
import { fetchCalendarWeek } from './api';
import type { CalendarData } from './types';
import { initialFetchWeeks } from './weeks';

/** An early answer is only trusted briefly; after that the query fetches afresh. */
const FRESH_MS = 5_000;
const early = new Map<string, { at: number; data: Promise<CalendarData> }>();
const keyOf = (studio: Studio, week: string) => `${studio}|${week}`;

/**
 * Starts the first weeks' requests while the booking chunk is still being evaluated, instead of
 * after React has mounted the calendar: on a cold load this takes the render out of the critical
 * path to the first data.
 */
export function fetchFirstWeeksEarly(pathname: string, now = new Date()): void {
  const studio = /^\/([a-z]+)\/booking\/?$/.exec(pathname)?.[1];
  if (!isStudio(studio)) return;
  for (const week of initialFetchWeeks(tomskToday(now))) {
    const data = fetchCalendarWeek(studio, week);
    // A failure is reported by the query that takes the promise; this keeps it from being "unhandled".
    data.catch(() => undefined);
    early.set(keyOf(studio, week), { at: Date.now(), data });
  }
}

/** The early request for a week, handed out once. */
export function takeEarlyWeek(studio: Studio, week: string): Promise<CalendarData> | undefined {
  const key = keyOf(studio, week);
  const entry = early.get(key);
  early.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? entry.data : undefined;
}
