import { ADMIN_SHOOTING_FORMAT_LABELS, STUDIO_NAMES, type Studio } from '@studio/domain';
import type { Statistics } from './api';
import { daysOf, isSingleDay, type DateRange } from './periods';
import type { StudioFigures } from './use-statistics';

export type Kpis = Statistics['kpis'];

/** Hours a studio can be booked a day (10:00–22:00), the hourly chart's slots 10 to 21 (admin-backoffice §9). */
export const OPEN_HOURS = Array.from({ length: 12 }, (_, i) => 10 + i);
/** The services tab's top, and the uses per booking that mark a service taken more than once a booking (§9). */
export const TOP_SERVICES = 20;
export const HEAVY_USE = 1.4;

const sum = (list: readonly Kpis[], pick: (kpis: Kpis) => number) => list.reduce((total, kpis) => total + pick(kpis), 0);

/** A per-booking mean over several studios: each studio's weighs as many bookings as it had. */
const weighted = (list: readonly Kpis[], pick: (kpis: Kpis) => number) => {
  const bookings = sum(list, (kpis) => kpis.bookings);
  return bookings === 0 ? 0 : sum(list, (kpis) => pick(kpis) * kpis.bookings) / bookings;
};

/**
 * The selected studios' figures as one: counts and money add up, per-booking means are weighted by
 * bookings, the shortest and longest booking are the extremes of the studios that had bookings, and
 * utilization is the mean of the studios' (each has the same 12 hours a day).
 */
export function combineKpis(list: readonly Kpis[]): Kpis {
  const booked = list.filter((kpis) => kpis.bookings > 0);
  return {
    bookings: sum(list, (kpis) => kpis.bookings),
    hours: sum(list, (kpis) => kpis.hours),
    paidRevenue: sum(list, (kpis) => kpis.paidRevenue),
    expectedRevenue: sum(list, (kpis) => kpis.expectedRevenue),
    newClients: sum(list, (kpis) => kpis.newClients),
    avgBookingValue: weighted(list, (kpis) => kpis.avgBookingValue),
    canceledBookings: sum(list, (kpis) => kpis.canceledBookings),
    acceptedBookings: sum(list, (kpis) => kpis.acceptedBookings),
    avgDurationHours: weighted(list, (kpis) => kpis.avgDurationHours),
    minDurationHours: booked.length === 0 ? 0 : Math.min(...booked.map((kpis) => kpis.minDurationHours)),
    maxDurationHours: booked.length === 0 ? 0 : Math.max(...booked.map((kpis) => kpis.maxDurationHours)),
    utilization: list.length === 0 ? 0 : sum(list, (kpis) => kpis.utilization) / list.length,
  };
}

export type Metric = 'paidRevenue' | 'bookings' | 'hours';

export const METRICS: readonly { metric: Metric; label: string }[] = [
  { metric: 'paidRevenue', label: 'Выручка' },
  { metric: 'bookings', label: 'Бронирования' },
  { metric: 'hours', label: 'Часы' },
];

/** A single day is drawn by the hour, and the hours of the day say what was booked and paid, not how long. */
export const metricsFor = (range: DateRange) => (isSingleDay(range) ? METRICS.filter((entry) => entry.metric !== 'hours') : METRICS);

/** One point of a chart: its label and a value per series. */
export type Point = { label: string } & Record<string, number | string>;

const dayLabel = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A studio's value of `metric` at each point of `range`: each day, or each open hour of a single day. */
function pointsOf(stats: Statistics, range: DateRange, metric: Metric): number[] {
  if (isSingleDay(range)) {
    const hours = new Map(stats.distributions.hours.map((row) => [row.hour, row]));
    return OPEN_HOURS.map((hour) => {
      const row = hours.get(hour);
      return metric === 'paidRevenue' ? (row?.paidRevenue ?? 0) : (row?.bookings ?? 0);
    });
  }
  const days = new Map(stats.daily.map((row) => [row.date, row]));
  return daysOf(range).map((date) => {
    const row = days.get(date);
    if (!row) return 0;
    return metric === 'paidRevenue' ? row.paidRevenue : metric === 'bookings' ? row.accepted : row.minutesBooked / 60;
  });
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

/** Bookings and money by shooting format over the selected studios, the busiest first. */
export function formatShares(figures: readonly StudioFigures[]): Share[] {
  const shares = new Map<string, Share>();
  for (const row of figures.flatMap((entry) => entry.current.distributions.formats)) {
    const label = ADMIN_SHOOTING_FORMAT_LABELS[row.format as keyof typeof ADMIN_SHOOTING_FORMAT_LABELS] ?? row.format;
    const share = shares.get(label) ?? { label, bookings: 0, paidRevenue: 0 };
    shares.set(label, { label, bookings: share.bookings + row.bookings, paidRevenue: share.paidRevenue + row.paidRevenue });
  }
  return [...shares.values()].sort((a, b) => b.bookings - a.bookings);
}

/** Bookings and money by starting hour 10 to 21 over the selected studios. */
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
 * The services ordered over the selected studios: the TOP_SERVICES most used (then the best paid),
 * each named by the studio's list, else by the answer's name, else «Услуга удалена».
 */
export function topServices(figures: readonly StudioFigures[], names: ReadonlyMap<string, string>): ServiceRow[] {
  const rows = figures.flatMap((entry) =>
    entry.current.distributions.services.map((row): ServiceRow => {
      const key = `${entry.studio}:${row.serviceId ?? row.name}`;
      const usesPerBooking = row.bookings === 0 ? 0 : row.uses / row.bookings;
      const name = (row.serviceId ? names.get(`${entry.studio}:${row.serviceId}`) : undefined) ?? row.name ?? 'Услуга удалена';
      return { key, name, studio: entry.studio, bookings: row.bookings, uses: row.uses, paidRevenue: row.paidRevenue, usesPerBooking, heavy: usesPerBooking >= HEAVY_USE };
    }),
  );
  return rows.sort((a, b) => b.uses - a.uses || b.paidRevenue - a.paidRevenue || a.name.localeCompare(b.name, 'ru')).slice(0, TOP_SERVICES);
}

export const studioName = (studio: Studio): string => STUDIO_NAMES[studio];
