import { addDays, daysBetween, isIsoDate, STATISTICS_MAX_DAYS } from '@studio/domain';
import { monthLabel } from '../../ui/calendar/labels';
import { weekStartOf } from '../../ui/calendar/weeks';

/** A range of whole Tomsk days, both ends included (YYYY-MM-DD). */
export interface DateRange {
  start: string;
  end: string;
}

export type PeriodKind = 'today' | 'yesterday' | 'week' | 'month' | 'quarter' | 'year';

/** The period tabs (docs/statistics.md#what-it-does «Statistics tab»), in the spec's order. */
export const PERIOD_TABS: readonly { kind: PeriodKind; label: string }[] = [
  { kind: 'today', label: 'Сегодня' },
  { kind: 'yesterday', label: 'Вчера' },
  { kind: 'week', label: 'Неделя' },
  { kind: 'month', label: 'Месяц' },
  { kind: 'quarter', label: 'Квартал' },
  { kind: 'year', label: 'Год' },
];

/**
 * What the tab shows: a period tab (`offset` months or quarters back or ahead of the current one;
 * only month and quarter move, docs/statistics.md#rules «Statistics period») or a range typed by hand.
 */
export type Period = { kind: PeriodKind; offset: number } | { kind: 'custom'; range: DateRange };

export const RANGE_MESSAGES = {
  incomplete: 'Укажите обе даты',
  order: 'Дата начала позже даты окончания',
  tooLong: `Период не длиннее ${STATISTICS_MAX_DAYS} дней`,
} as const;

const monthStart = (date: string, monthsAhead: number): string => {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + monthsAhead;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};

/** The months from the first of `date`'s month (or quarter) through the last day `months` later. */
const monthsFrom = (first: string, months: number): DateRange => ({ start: first, end: addDays(monthStart(first, months), -1) });

const quarterStart = (date: string): string => monthStart(date, -((Number(date.slice(5, 7)) - 1) % 3));

/** The days a period covers, `today` being Tomsk's date now: calendar week (Monday first), month, quarter, year. */
export function periodRange(period: Period, today: string): DateRange {
  switch (period.kind) {
    case 'custom':
      return period.range;
    case 'today':
      return { start: today, end: today };
    case 'yesterday':
      return { start: addDays(today, -1), end: addDays(today, -1) };
    case 'week': {
      const monday = weekStartOf(today);
      return { start: monday, end: addDays(monday, 6) };
    }
    case 'month':
      return monthsFrom(monthStart(today, period.offset), 1);
    case 'quarter':
      return monthsFrom(monthStart(quarterStart(today), 3 * period.offset), 3);
    case 'year':
      return monthsFrom(`${today.slice(0, 4)}-01-01`, 12);
  }
}

export const canNavigate = (period: Period): boolean => period.kind === 'month' || period.kind === 'quarter';

/** A month or quarter one step back (-1) or ahead (1); any other period stays as it is. */
export const shiftPeriod = (period: Period, direction: -1 | 1): Period =>
  period.kind === 'month' || period.kind === 'quarter' ? { kind: period.kind, offset: period.offset + direction } : period;

const rangeDays = (range: DateRange): number => daysBetween(range.start, range.end) + 1;

/** The comparison period: as many days as `range`, ending the day before it starts (docs/statistics.md#rules). */
export function previousRange(range: DateRange): DateRange {
  const days = rangeDays(range);
  return { start: addDays(range.start, -days), end: addDays(range.start, -1) };
}

/** A single day is drawn hour by hour (10–21) instead of day by day. */
export const isSingleDay = (range: DateRange): boolean => range.start === range.end;

/** Why a hand-typed range cannot be asked for, or null when it can. */
export function customRangeProblem(start: string, end: string): string | null {
  if (!isIsoDate(start) || !isIsoDate(end)) return RANGE_MESSAGES.incomplete;
  if (start > end) return RANGE_MESSAGES.order;
  return rangeDays({ start, end }) > STATISTICS_MAX_DAYS ? RANGE_MESSAGES.tooLong : null;
}

/** Every day of a range, in order. */
export const daysOf = (range: DateRange): string[] => Array.from({ length: rangeDays(range) }, (_, i) => addDays(range.start, i));

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** «24.11.2026» — the date of an ISO day as Russians write it. */
const ruDate = (date: string): string => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** «01.11.2026 – 30.11.2026», or one date for a single day. */
export const rangeLabel = (range: DateRange): string => (isSingleDay(range) ? ruDate(range.start) : `${ruDate(range.start)} – ${ruDate(range.end)}`);

const QUARTERS = ['I', 'II', 'III', 'IV'];

/** The heading of what is shown: «Ноябрь 2026», «IV квартал 2026», «2026 год», else the dates. */
export function periodTitle(period: Period, range: DateRange): string {
  if (period.kind === 'month') return monthLabel(range.start);
  if (period.kind === 'quarter') return `${QUARTERS[Math.floor((Number(range.start.slice(5, 7)) - 1) / 3)]} квартал ${range.start.slice(0, 4)}`;
  if (period.kind === 'year') return `${range.start.slice(0, 4)} год`;
  return rangeLabel(range);
}
