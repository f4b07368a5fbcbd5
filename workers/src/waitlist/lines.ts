import type pg from 'pg';
import type { WaitlistLine } from '@studio/domain';

// Which lines the waitlist's reactions and sweep look at, from the waitlist read model. A join the
// read model has not shown yet is missed by a reaction and found by the next sweep (docs/waitlist.md).

const LINE = `studio, date, time_start AS "timeStart", time_end AS "timeEnd"`;

/** Lines of one studio-day with someone still waiting or offered. */
export async function linesOfDay(pool: pg.Pool, studio: string, date: string): Promise<WaitlistLine[]> {
  const { rows } = await pool.query<WaitlistLine>(
    `SELECT DISTINCT ${LINE} FROM waitlist_entries WHERE studio = $1 AND date = $2 AND status = 'waiting' ORDER BY "timeStart", "timeEnd"`,
    [studio, date],
  );
  return rows;
}

/** Lines whose open offer ran out by `now`. */
export async function linesWithDueOffers(pool: pg.Pool, now: Date): Promise<WaitlistLine[]> {
  const { rows } = await pool.query<WaitlistLine>(`SELECT DISTINCT ${LINE} FROM waitlist_entries WHERE status = 'offered' AND offer_expires_at <= $1`, [now.toISOString()]);
  return rows;
}

/** Lines from `today` on with someone waiting and no open offer: each is offered if its range is free. */
export async function linesWaiting(pool: pg.Pool, today: string): Promise<WaitlistLine[]> {
  const { rows } = await pool.query<WaitlistLine>(
    `SELECT DISTINCT ${LINE} FROM waitlist_entries w WHERE status = 'waiting' AND date >= $1
        AND NOT EXISTS (SELECT 1 FROM waitlist_entries o WHERE o.status = 'offered' AND o.studio = w.studio AND o.date = w.date AND o.time_start = w.time_start AND o.time_end = w.time_end)`,
    [today],
  );
  return rows;
}

/** Lines before `today` still holding live entries: they end. */
export async function linesPassed(pool: pg.Pool, today: string): Promise<WaitlistLine[]> {
  const { rows } = await pool.query<WaitlistLine>(`SELECT DISTINCT ${LINE} FROM waitlist_entries WHERE status IN ('waiting', 'offered') AND date < $1`, [today]);
  return rows;
}
