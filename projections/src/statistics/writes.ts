import { sql, type Insertable, type Transaction } from 'kysely';
import type { StatisticsTables } from '@studio/domain';
import { SUMMED_TABLES, Tally, type StatisticsBooking } from './contribution';

type Trx = Transaction<StatisticsTables>;
/** A row of `statistics_bookings` as written: JSON as text, money as numbers. */
export type BookingState = Insertable<StatisticsTables['statistics_bookings']> & { total: number; net_paid: number };

const factsOf = (row: BookingState): StatisticsBooking => ({
  studio: row.studio,
  status: row.status,
  format: row.format,
  services: JSON.parse(row.services),
  blocks: JSON.parse(row.blocks),
  total: row.total,
  netPaid: row.net_paid,
});

// Each statement below takes one array a column (`unnest`), so it has the same shape for one row as
// for a rebuild page's thousands, and the same statements serve the event-by-event apply and the
// batched one (./batch-apply.ts).
const BOOKING_COLUMNS: Record<keyof BookingState, string> = {
  booking_id: 'text',
  intent_id: 'text',
  studio: 'text',
  phone: 'text',
  status: 'text',
  format: 'text',
  services: 'jsonb',
  blocks: 'jsonb',
  first_day: 'date',
  duration_minutes: 'int',
  total: 'bigint',
  net_paid: 'bigint',
};
const KEY_TYPES: Record<string, string> = { studio: 'text', day: 'date', hour: 'int', format: 'text', service_id: 'text', name: 'text' };

const arrays = <Row>(rows: readonly Row[], columns: readonly (keyof Row & string)[], typeOf: (column: string) => string, missing: unknown = null) =>
  sql.join(columns.map((column) => sql`${rows.map((row) => row[column] ?? missing)}::${sql.raw(typeOf(column))}[]`));

/** The states of the bookings with these ids, and of those with these payment intents. */
export async function loadBookings(trx: Trx, { ids = [], intents = [] }: { ids?: readonly string[]; intents?: readonly string[] }): Promise<BookingState[]> {
  const { rows } = await sql<BookingState>`
    SELECT booking_id, intent_id, studio, phone, status, format, services::text AS services, blocks::text AS blocks, first_day::text AS first_day,
      duration_minutes, total::float8 AS total, net_paid::float8 AS net_paid
    FROM ${sql.table('statistics_bookings')}
    WHERE booking_id = ANY(${ids}::text[]) OR intent_id = ANY(${intents}::text[])`.execute(trx);
  return rows;
}

export async function saveBookings(trx: Trx, rows: readonly BookingState[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(BOOKING_COLUMNS) as (keyof BookingState)[];
  await sql`INSERT INTO ${sql.table('statistics_bookings')} (${sql.join(columns.map((column) => sql.ref(column)))})
    SELECT * FROM unnest(${arrays(rows, columns, (column) => BOOKING_COLUMNS[column as keyof BookingState])})
    ON CONFLICT (booking_id) DO UPDATE SET ${sql.join(columns.slice(1).map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`))}`.execute(trx);
}

/** Moves the summed rows by `tally`, one statement a table; a figure a row lacks moves by nothing. */
async function addUp(trx: Trx, tally: Tally): Promise<void> {
  for (const [table, keys] of Object.entries(SUMMED_TABLES) as [keyof typeof SUMMED_TABLES, readonly string[]][]) {
    const rows = tally.rows(table);
    if (!rows.length) continue;
    const columns = [...new Set(rows.flatMap(Object.keys))];
    const set = columns
      .filter((column) => !keys.includes(column))
      .map((column) => (column === 'name' ? sql`name = excluded.name` : sql`${sql.ref(column)} = t.${sql.ref(column)} + excluded.${sql.ref(column)}`));
    await sql`INSERT INTO ${sql.table(table)} AS t (${sql.join(columns.map((column) => sql.ref(column)))})
      SELECT * FROM unnest(${arrays(rows, columns, (column) => KEY_TYPES[column] ?? 'bigint', 0)})
      ON CONFLICT (${sql.join(keys.map((key) => sql.ref(key)))}) DO UPDATE SET ${sql.join(set)}`.execute(trx);
  }
}

/** Each day's shortest and longest accepted booking, anew from the bookings counted on it. */
async function refreshDurations(trx: Trx, days: readonly { studio: string; day: string }[]): Promise<void> {
  if (!days.length) return;
  await sql`UPDATE ${sql.table('statistics_days')} AS d SET min_duration_minutes = m.shortest, max_duration_minutes = m.longest
    FROM (
      SELECT t.studio, t.day, min(b.duration_minutes) AS shortest, max(b.duration_minutes) AS longest
      FROM unnest(${arrays(days, ['studio', 'day'], (column) => KEY_TYPES[column]!)}) AS t (studio, day)
      LEFT JOIN ${sql.table('statistics_bookings')} AS b ON b.studio = t.studio AND b.first_day = t.day AND b.status = 'accepted'
      GROUP BY t.studio, t.day
    ) AS m
    WHERE d.studio = m.studio AND d.day = m.day`.execute(trx);
}

/** Each client's first accepted booking at a studio, anew; none left forgets the client there. */
async function refreshFirstVisits(trx: Trx, clients: readonly { studio: string; phone: string }[]): Promise<void> {
  if (!clients.length) return;
  await sql`WITH firsts AS (
      SELECT t.studio, t.phone, min(b.first_day) AS first_day
      FROM unnest(${arrays(clients, ['studio', 'phone'], () => 'text')}) AS t (studio, phone)
      -- The phones listed once more: a freshly rebuilt table has no statistics, and the planner then
      -- reads every accepted booking a page; with them it drops most before the join.
      LEFT JOIN ${sql.table('statistics_bookings')} AS b ON b.studio = t.studio AND b.phone = t.phone AND b.status = 'accepted'
        AND b.phone = ANY(${clients.map((client) => client.phone)}::text[])
      GROUP BY t.studio, t.phone
    ), gone AS (
      DELETE FROM ${sql.table('statistics_first_visits')} AS v USING firsts AS f WHERE v.studio = f.studio AND v.phone = f.phone AND f.first_day IS NULL
    )
    INSERT INTO ${sql.table('statistics_first_visits')} (studio, phone, first_day)
    SELECT studio, phone, first_day FROM firsts WHERE first_day IS NOT NULL
    ON CONFLICT (studio, phone) DO UPDATE SET first_day = excluded.first_day`.execute(trx);
}

/**
 * What restating bookings moves: the summed rows (each booking's old contribution taken back, its
 * new one added), and the days and clients whose figures that are no sums (a day's shortest and
 * longest booking, a client's first visit) are recomputed, where either state was accepted.
 */
export class Restatements {
  readonly #tally = new Tally();
  readonly #days = new Map<string, { studio: string; day: string }>();
  readonly #clients = new Map<string, { studio: string; phone: string }>();

  add(before: BookingState | undefined, after: BookingState): void {
    const tally = new Tally();
    if (before) tally.addBooking(factsOf(before), -1);
    tally.addBooking(factsOf(after), 1);
    this.#tally.absorb(tally);
    for (const row of [before, after]) {
      if (row?.status !== 'accepted') continue;
      this.#days.set(`${row.studio} ${row.first_day}`, { studio: row.studio, day: row.first_day });
      if (row.phone) this.#clients.set(`${row.studio} ${row.phone}`, { studio: row.studio, phone: row.phone });
    }
  }

  /** Once the bookings' new states are written. */
  async write(trx: Trx): Promise<void> {
    await addUp(trx, this.#tally);
    await refreshDurations(trx, [...this.#days.values()]);
    await refreshFirstVisits(trx, [...this.#clients.values()]);
  }
}
