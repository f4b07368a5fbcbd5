import type pg from 'pg';
import type { AdminWaitlistEntry, WaitlistEntry, WaitlistStatus } from '@studio/domain';

interface EntryRow {
  entry_id: string;
  customer_id: string;
  studio: WaitlistEntry['studio'];
  date: string;
  time_start: string;
  time_end: string;
  status: WaitlistStatus;
  hold_id: string | null;
  offer_expires_at: Date | null;
  joined_at: Date;
  /** Among the line's entries still waiting, by joining order; null for the others. */
  place: string | null;
}

// The line's order is the joining order (the join's event-store position); only entries still waiting have a place in it.
const ENTRIES = `
  SELECT e.*, CASE WHEN e.status = 'waiting' THEN (
           SELECT count(*) FROM waitlist_entries w
            WHERE w.studio = e.studio AND w.date = e.date AND w.time_start = e.time_start AND w.time_end = e.time_end
              AND w.status = 'waiting' AND w.joined_position <= e.joined_position) END AS place
    FROM waitlist_entries e`;

const entryOf = (row: EntryRow): WaitlistEntry => ({
  id: row.entry_id,
  studio: row.studio,
  date: row.date,
  time_start: row.time_start,
  time_end: row.time_end,
  status: row.status,
  position: row.place === null ? null : Number(row.place),
  offer: row.status === 'offered' && row.hold_id && row.offer_expires_at ? { hold_id: row.hold_id, expires_at: row.offer_expires_at.toISOString() } : null,
});

/** A customer's entries: offers and waiting ones first, then by date; the ended ones of the last 30 days only. */
export async function customerWaitlist(pool: pg.Pool, customerId: string, today: string): Promise<WaitlistEntry[]> {
  const { rows } = await pool.query<EntryRow>(
    `${ENTRIES} WHERE e.customer_id = $1 AND (e.status IN ('waiting', 'offered') OR e.date >= to_char(($2::date - 30), 'YYYY-MM-DD'))
      ORDER BY (e.status = 'offered') DESC, (e.status = 'waiting') DESC, e.date, e.time_start, e.joined_position LIMIT 500`,
    [customerId, today],
  );
  return rows.map(entryOf);
}

/** One day's lines for staff, every entry with the customer's contact data, in line order. */
export async function dayWaitlist(pool: pg.Pool, date: string): Promise<AdminWaitlistEntry[]> {
  const { rows } = await pool.query<EntryRow & { name: string | null; surname: string | null; phone: string | null; email: string | null }>(
    `SELECT x.*, c.name, c.surname, c.phone, c.email FROM (${ENTRIES} WHERE e.date = $1) x
       LEFT JOIN customers c ON c.id = x.customer_id
      ORDER BY x.studio, x.time_start, x.time_end, x.joined_position LIMIT 2000`,
    [date],
  );
  return rows.map((row) => ({
    ...entryOf(row),
    customer: { id: row.customer_id, name: `${row.name ?? ''} ${row.surname ?? ''}`.trim(), phone: row.phone ?? '', email: row.email },
    joined_at: row.joined_at.toISOString(),
  }));
}
