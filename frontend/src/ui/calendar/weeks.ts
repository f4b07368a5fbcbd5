import { addDays, BOOKING_HORIZON_DAYS, daysBetween, weekdayOf } from '@studio/domain';

/** Weeks run Monday → Sunday and are named by their Monday. */
export const WEEK_DAYS = 7;
const INITIAL_WEEKS = 5;
export const MAX_WEEKS = 12;
/** No day later than this many days from today is shown or fetched: the days a customer may book. */
export const HORIZON_DAYS = BOOKING_HORIZON_DAYS;
const WEEKS_PER_LOAD = 2;

export function weekStartOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

export const weekDays = (weekStart: string): string[] =>
  Array.from({ length: WEEK_DAYS }, (_, i) => addDays(weekStart, i));

const lastDayOf = (weekStart: string) => addDays(weekStart, WEEK_DAYS - 1);
const withinHorizon = (weekStart: string, today: string) => daysBetween(today, weekStart) <= HORIZON_DAYS;

/** The weeks whose data the first request covers: previous, current and next. */
export function initialFetchWeeks(today: string): string[] {
  const current = weekStartOf(today);
  return [-1, 0, 1].map((n) => addDays(current, n * WEEK_DAYS));
}

/** The five weeks laid out at first: previous, current and the three after it. */
export function initialWeeks(today: string): string[] {
  const first = addDays(weekStartOf(today), -WEEK_DAYS);
  return Array.from({ length: INITIAL_WEEKS }, (_, i) => addDays(first, i * WEEK_DAYS)).filter((w) => withinHorizon(w, today));
}

/** Scrolled past 80 %: two more weeks on the right, never past the horizon, dropping the oldest beyond 12. */
export function extendRight(weeks: readonly string[], today: string): string[] {
  const last = weeks.at(-1);
  if (!last) return initialWeeks(today);
  const added = Array.from({ length: WEEKS_PER_LOAD }, (_, i) => addDays(last, (i + 1) * WEEK_DAYS)).filter((w) => withinHorizon(w, today));
  if (added.length === 0) return weeks as string[];
  return [...weeks, ...added].slice(-MAX_WEEKS);
}

/** Reached the left edge: one week before, unless it lies wholly in the past; the newest drop beyond 12. */
export function extendLeft(weeks: readonly string[], today: string): string[] {
  const first = weeks[0];
  if (!first) return initialWeeks(today);
  const previous = addDays(first, -WEEK_DAYS);
  if (lastDayOf(previous) < today) return weeks as string[];
  return [previous, ...weeks].slice(0, MAX_WEEKS);
}

/** Days a customer can see: from today to the horizon; earlier days are skipped. */
export function visibleDays(weeks: readonly string[], today: string): string[] {
  const lastDay = addDays(today, HORIZON_DAYS);
  return weeks.flatMap(weekDays).filter((d) => d >= today && d <= lastDay);
}

/** Mobile pages: the visible days seven at a time from today, so the first page is never mostly past. */
export function pagesOf(days: readonly string[]): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < days.length; i += WEEK_DAYS) pages.push(days.slice(i, i + WEEK_DAYS));
  return pages;
}
