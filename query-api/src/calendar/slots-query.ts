import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Studio } from '@studio/domain';
import type { ReadModels } from '@studio/domain';
import type { SlotBooking, SlotRow } from './calendar-days';

/**
 * One statement for the whole answer: the studio's current hour price (a one-row derived table,
 * so it comes back even when no cell is taken) left-joined to the taken cells of the range.
 */
export function slotsQuery(db: Kysely<ReadModels>, studio: Studio, startDate: string, endDate: string) {
  const price = db
    .selectNoFrom((eb) => [
      eb.selectFrom('studio_prices').select('hour_price').where('studio', '=', studio).orderBy('updated_at', 'desc').limit(1).as('hour_price'),
    ])
    .as('p');
  return db
    .selectFrom(price)
    .leftJoin('calendar_cells as c', (join) => join.on('c.studio', '=', studio).on('c.date', '>=', startDate).on('c.date', '<=', endDate))
    .select(['p.hour_price', sql<string | null>`c.date::text`.as('date'), 'c.cell', 'c.user_id', 'c.customer_phone', 'c.visitor', 'c.booking_id', 'c.state', 'c.technical']);
}

/**
 * The slots query on pg itself, its SQL compiled once: kysely's executor and compiler cost this
 * hottest public endpoint measurably per request (bench/slots-http.ts), while only the values
 * ever change. The values are compiled as markers and swapped for the request's ones.
 */
export function slotRowsFetcher(db: Kysely<ReadModels>, pool: pg.Pool) {
  const STUDIO = '\0studio' as Studio;
  const START = '\0start';
  const END = '\0end';
  const { sql: text, parameters } = slotsQuery(db, STUDIO, START, END).compile();
  return async (studio: Studio, startDate: string, endDate: string): Promise<SlotRow[]> => {
    const values = parameters.map((value) => (value === STUDIO ? studio : value === START ? startDate : value === END ? endDate : value));
    return (await pool.query<SlotRow>(text, values)).rows;
  };
}

/** The bookings behind staff's taken cells, by id (a staff reservation may have none). */
export async function slotBookings(db: Kysely<ReadModels>, rows: readonly SlotRow[]): Promise<Map<string, SlotBooking>> {
  const ids = [...new Set(rows.map((row) => row.booking_id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const bookings = await db
    .selectFrom('bookings')
    .select(['booking_id', 'customer_name', 'customer_comment', 'format', 'total', 'paid'])
    .where('booking_id', 'in', ids)
    .execute();
  return new Map(
    bookings.map((b) => [
      b.booking_id,
      { customerName: b.customer_name, customerComment: b.customer_comment, peopleCount: b.format.peopleCount, total: Number(b.total), paid: Number(b.paid) },
    ]),
  );
}
