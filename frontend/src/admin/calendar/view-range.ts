import { addDays } from '@studio/domain';
import { monthLabel } from '../../ui/calendar/labels';
import { WEEK_DAYS, weekDays, weekStartOf } from '../../ui/calendar/weeks';

/** The admin calendar shows a Monday-to-Sunday week or one day. */
export type CalendarView = 'week' | 'day';

/** The days on screen for a view around `anchor` (any day of the week in view). */
export const viewDays = (view: CalendarView, anchor: string): string[] => (view === 'week' ? weekDays(weekStartOf(anchor)) : [anchor]);

/** Previous/next moves 7 days in week view and 1 day in day view (docs/admin-calendar.md#what-it-does). */
export const shiftAnchor = (anchor: string, view: CalendarView, direction: -1 | 1): string => addDays(anchor, direction * (view === 'week' ? WEEK_DAYS : 1));

/**
 * What one calendar request covers: the visible week extended 7 days each side (docs/admin-calendar.md#calls-and-who-may-make-them),
 * so a step to the next or previous week already has its cells.
 */
export function fetchRange(anchor: string): { startDate: string; endDate: string } {
  const monday = weekStartOf(anchor);
  return { startDate: addDays(monday, -WEEK_DAYS), endDate: addDays(monday, 2 * WEEK_DAYS - 1) };
}

/** The month and year label: «Ноябрь 2026», «Ноябрь – Декабрь 2026», or «Декабрь 2026 – Январь 2027». */
export function periodLabel(days: readonly string[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  if (first.slice(0, 7) === last.slice(0, 7)) return monthLabel(first);
  const [firstMonth] = monthLabel(first).split(' ');
  return first.slice(0, 4) === last.slice(0, 4) ? `${firstMonth} – ${monthLabel(last)}` : `${monthLabel(first)} – ${monthLabel(last)}`;
}
