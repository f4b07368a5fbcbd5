import { ADMIN_SHOOTING_FORMAT_LABELS, STATISTICS_FIRST_HOUR, STATISTICS_LAST_HOUR, type StatisticsKpis, type Studio } from '@studio/domain';
import type { Statistics } from './api';
import { daysOf, isSingleDay, type DateRange } from './periods';
import type { StudioFigures } from './use-statistics';

/** The hours a single day is drawn by, 10 to 21 (docs/statistics.md#constants). */
export const OPEN_HOURS = Array.from({ length: STATISTICS_LAST_HOUR - STATISTICS_FIRST_HOUR + 1 }, (_, i) => STATISTICS_FIRST_HOUR + i);
/** The services tab's top, and the uses per booking that mark a service taken more than once a booking (docs/statistics.md#constants). */
export const TOP_SERVICES = 20;
export const HEAVY_USE = 1.4;

const sum = (list: readonly StatisticsKpis[], pick: (kpis: StatisticsKpis) => number) => list.reduce((total, kpis) => total + pick(kpis), 0);

/** A mean per accepted booking over several studios: each studio's weighs as many accepted bookings as it had. */
const perAccepted = (list: readonly StatisticsKpis[], pick: (kpis: StatisticsKpis) => number) => {
  const accepted = sum(list, (kpis) => kpis.acceptedBookings);
  return accepted === 0 ? 0 : sum(list, (kpis) => pick(kpis) * kpis.acceptedBookings) / accepted;
};

/**
 * The selected studios' figures as one, by the contract's definitions: counts, hours and money add
 * up; the means per accepted booking are weighted by accepted bookings; the shortest and longest are
 * the extremes of the studios that had any; utilization is the mean percent (every studio offers
 * the same 12 hours a day). A client new at two studios counts at each.
 */
export function combineKpis(list: readonly StatisticsKpis[]): StatisticsKpis {
  const booked = list.filter((kpis) => kpis.acceptedBookings > 0);
  return {
    bookings: sum(list, (kpis) => kpis.bookings),
    hours: sum(list, (kpis) => kpis.hours),
    paidRevenue: sum(list, (kpis) => kpis.paidRevenue),
    expectedRevenue: sum(list, (kpis) => kpis.expectedRevenue),
    newClients: sum(list, (kpis) => kpis.newClients),
    avgBookingValue: perAccepted(list, (kpis) => kpis.avgBookingValue),
    canceledBookings: sum(list, (kpis) => kpis.canceledBookings),
    acceptedBookings: sum(list, (kpis) => kpis.acceptedBookings),
    avgDurationHours: perAccepted(list, (kpis) => kpis.avgDurationHours),
    minDurationHours: booked.length === 0 ? 0 : Math.min(...booked.map((kpis) => kpis.minDurationHours)),
    maxDurationHours: booked.length === 0 ? 0 : Math.max(...booked.map((kpis) => kpis.maxDurationHours)),
    utilization: list.length === 0 ? 0 : sum(list, (kpis) => kpis.utilization) / list.length,
  };
}

export type Metric = 'paidRevenue' | 'accepted' | 'hours';

export const METRICS: readonly { metric: Metric; label: string }[] = [
  { metric: 'paidRevenue', label: 'Выручка' },
  { metric: 'accepted', label: 'Бронирования' },
  { metric: 'hours', label: 'Часы' },
];

/** One point of a chart: its label and a value per series. */
export type Point = { label: string } & Record<string, number | string>;

const dayLabel = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

type Row = Statistics['daily'][number] | Statistics['hourly'][number];
const valueOf = (row: Row | undefined, metric: Metric): number => (!row ? 0 : metric === 'hours' ? row.minutesBooked / 60 : row[metric]);

/** A studio's value of `metric` at each point of `range`: each day, or each open hour of a single day. */
function pointsOf(stats: Statistics, range: DateRange, metric: Metric): number[] {
  if (isSingleDay(range)) {
    const hours = new Map(stats.hourly.map((row) => [row.hour, row]));
    return OPEN_HOURS.map((hour) => valueOf(hours.get(hour), metric));
  }
  const days = new Map(stats.daily.map((row) => [row.date, row]));
  return daysOf(range).map((date) => valueOf(days.get(date), metric));
}

const labelsOf = (range: DateRange): string[] => (isSingleDay(range) ? OPEN_HOURS.map(hourLabel) : daysOf(range).map(dayLabel));

const total = (lists: readonly number[][], index: number) => lists.reduce((value, list) => value + (list[index] ?? 0), 0);

/**
 * The selected studios together, point by point, beside the comparison period's point as many days
 * (or hours) in: `current` and `previous`.
 */
export function seriesWithPrevious(figures: readonly StudioFigures[], range: DateRange, previous: DateRange, metric: Metric): Point[] {
  const now = figures.map((entry) => pointsOf(entry.current, range, metric));
  const before = figures.flatMap((entry) => (entry.previous ? [pointsOf(entry.previous, previous, metric)] : []));
  return labelsOf(range).map((label, i) => ({ label, current: total(now, i), previous: total(before, i) }));
}

/** Each studio's own line, keyed by the studio, for the comparison chart. */
export function seriesByStudio(figures: readonly StudioFigures[], range: DateRange, metric: Metric): Point[] {
  const lines = figures.map((entry) => [entry.studio, pointsOf(entry.current, range, metric)] as const);
  return labelsOf(range).map((label, i) => ({ label, ...Object.fromEntries(lines.map(([studio, values]) => [studio, values[i] ?? 0])) }));
}

export interface Share {
  label: string;
  bookings: number;
  paidRevenue: number;
}

/** Accepted bookings and money by shooting format over the selected studios, the busiest first. */
export function formatShares(figures: readonly StudioFigures[]): Share[] {
  const shares = new Map<string, Share>();
  for (const row of figures.flatMap((entry) => entry.current.distributions.formats)) {
    const share = shares.get(row.format) ?? { label: ADMIN_SHOOTING_FORMAT_LABELS[row.format], bookings: 0, paidRevenue: 0 };
    shares.set(row.format, { ...share, bookings: share.bookings + row.bookings, paidRevenue: share.paidRevenue + row.paidRevenue });
  }
  return [...shares.values()].sort((a, b) => b.bookings - a.bookings);
}

/** Accepted bookings and money by starting hour, 10 to 21, over the selected studios. */
export function hourShares(figures: readonly StudioFigures[]): Share[] {
  const rows = figures.flatMap((entry) => entry.current.distributions.hours);
  return OPEN_HOURS.map((hour) => {
    const at = rows.filter((row) => row.hour === hour);
    return { label: hourLabel(hour), bookings: at.reduce((n, row) => n + row.bookings, 0), paidRevenue: at.reduce((n, row) => n + row.paidRevenue, 0) };
  });
}

export interface ServiceRow {
  key: string;
  name: string;
  studio: Studio;
  bookings: number;
  uses: number;
  paidRevenue: number;
  usesPerBooking: number;
  /** Taken HEAVY_USE times a booking or more. */
  heavy: boolean;
}

/**
 * The services over the selected studios, the TOP_SERVICES most booked (then most used, then best
 * paid), each named as its studio's list names it now, else as the answer does.
 */
export function topServices(figures: readonly StudioFigures[], names: ReadonlyMap<string, string>): ServiceRow[] {
  const rows = figures.flatMap((entry) =>
    entry.current.distributions.services.map((row): ServiceRow => {
      const key = `${entry.studio}:${row.serviceId}`;
      const usesPerBooking = row.bookings === 0 ? 0 : row.uses / row.bookings;
      return { key, name: names.get(key) ?? row.name, studio: entry.studio, bookings: row.bookings, uses: row.uses, paidRevenue: row.paidRevenue, usesPerBooking, heavy: usesPerBooking >= HEAVY_USE };
    }),
  );
  return rows.sort((a, b) => b.bookings - a.bookings || b.uses - a.uses || b.paidRevenue - a.paidRevenue).slice(0, TOP_SERVICES);
}
