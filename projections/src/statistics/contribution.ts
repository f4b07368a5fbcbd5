import type { StatisticsBookingStatus } from '@studio/domain';

/** A booking as the statistics see it (one row of `statistics_bookings`, money in kopecks). */
export interface StatisticsBooking {
  studio: string;
  status: StatisticsBookingStatus;
  format: string;
  services: readonly { serviceId: string; name: string; price: number }[];
  blocks: readonly { date: string; cells: readonly string[] }[];
  total: number;
  netPaid: number;
}

const CELL_MINUTES = 30;

/** The first day a booking occupies: the day it counts on. */
export const firstDayOf = (blocks: StatisticsBooking['blocks']): string => blocks.map((block) => block.date).sort()[0]!;

/** All its cells, every day, in minutes. */
export const durationOf = (blocks: StatisticsBooking['blocks']): number => blocks.reduce((sum, block) => sum + block.cells.length * CELL_MINUTES, 0);

const hourOf = (cell: string) => Number(cell.slice(0, 2));

/** The summed tables: their key columns, and the rest summed. */
export const SUMMED_TABLES = {
  statistics_days: ['studio', 'day'],
  statistics_hours: ['studio', 'day', 'hour'],
  statistics_formats: ['studio', 'day', 'format'],
  statistics_services: ['studio', 'day', 'service_id'],
} as const;
export type SummedTable = keyof typeof SUMMED_TABLES;

type Key = Record<string, string | number>;
type Sums = Record<string, number>;

/**
 * What bookings add to (or, with sign -1, take back from) the summed rows, merged by row: a change
 * to a booking is its old contribution taken back and its new one added, so every figure stays the
 * sum over the bookings as they are now.
 */
export class Tally {
  readonly #rows = new Map<SummedTable, Map<string, { key: Key; sums: Sums; name?: string; kept?: boolean }>>();

  add(table: SummedTable, key: Key, sums: Sums, sign: 1 | -1, name?: string): void {
    this.#row(table, key, sums, sign, name);
  }

  #row(table: SummedTable, key: Key, sums: Sums, sign: 1 | -1, name?: string) {
    const rows = this.#rows.get(table) ?? new Map();
    this.#rows.set(table, rows);
    // A table's keys are always built in the same column order.
    const id = Object.values(key).join('\u0000');
    const row = rows.get(id) ?? { key, sums: {} };
    for (const [column, value] of Object.entries(sums)) row.sums[column] = (row.sums[column] ?? 0) + sign * value;
    if (name !== undefined && (sign > 0 || row.name === undefined)) row.name = name;
    rows.set(id, row);
    return row;
  }

  #moved(table: SummedTable) {
    return [...(this.#rows.get(table)?.values() ?? [])].filter((row) => row.kept || Object.values(row.sums).some((value) => value !== 0));
  }

  /** The rows of a table whose sums moved, as columns. */
  rows(table: SummedTable): Record<string, string | number>[] {
    return this.#moved(table).map((row) => ({ ...row.key, ...row.sums, ...(row.name === undefined ? {} : { name: row.name }) }));
  }

  /**
   * Adds the rows `other` moved, as if written after this tally's: they stay among `rows` even when
   * a later tally cancels them out, for a row once written stays (with zeros).
   */
  absorb(other: Tally): void {
    for (const table of other.#rows.keys()) {
      for (const { key, sums, name } of other.#moved(table)) this.#row(table, key, sums, 1, name).kept = true;
    }
  }

  /** Adds what `booking` counts for; a checkout never paid (pending, void) counts for nothing. */
  addBooking(booking: StatisticsBooking, sign: 1 | -1): void {
    if (booking.status !== 'accepted' && booking.status !== 'canceled') return;
    const { studio, blocks, netPaid } = booking;
    const accepted = booking.status === 'accepted' ? 1 : 0;
    const canceled = 1 - accepted;
    const day = firstDayOf(blocks);
    const startHour = hourOf([...blocks.find((block) => block.date === day)!.cells].sort()[0]!);
    const duration = durationOf(blocks);
    this.add('statistics_days', { studio, day }, { accepted, canceled, paid_revenue: netPaid, expected_revenue: accepted * booking.total, duration_minutes: accepted * duration }, sign);
    this.add('statistics_hours', { studio, day, hour: startHour }, { accepted, canceled, paid_revenue: netPaid }, sign);
    this.add('statistics_formats', { studio, day, format: booking.format }, { bookings: accepted, paid_revenue: netPaid }, sign);
    if (!accepted) return;
    for (const block of blocks) {
      this.add('statistics_days', { studio, day: block.date }, { minutes_booked: block.cells.length * CELL_MINUTES }, sign);
      for (const cell of block.cells) this.add('statistics_hours', { studio, day: block.date, hour: hourOf(cell) }, { minutes_booked: CELL_MINUTES }, sign);
    }
    const services = new Map<string, StatisticsBooking['services'][number][]>();
    for (const service of booking.services) services.set(service.serviceId, [...(services.get(service.serviceId) ?? []), service]);
    for (const [serviceId, uses] of services) {
      const sums = { bookings: 1, uses: uses.length, paid_revenue: uses.reduce((sum, use) => sum + use.price, 0) };
      this.add('statistics_services', { studio, day, service_id: serviceId }, sums, sign, uses.at(-1)!.name);
    }
  }
}
