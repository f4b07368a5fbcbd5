// Studio-day ledgers written straight into the Postgres event store's tables by SQL, for the
// rebuild bench (bench/rebuild.ts) and the calendar's batched-apply spec: a million valid events
// in seconds, where appending them one command at a time would take an hour.
import type pg from 'pg';
import { STUDIOS } from '@studio/domain';

const FIRST_DAY = '2003-01-06'; // a Monday: each chunk of weeks starts on one
const WEEKS_PER_CHUNK = 8;

interface TemplateEvent {
  type: 'SlotsHeld' | 'HoldConfirmed' | 'HoldReleased' | 'SlotsReserved' | 'BookingReleased';
  /** Which hour of the day (0 = 10:00) the event's two cells start at. */
  hour: number;
  /** Ordinal of the hold or booking on that hour (a re-hold after an expiry or a cancellation is 1). */
  take: number;
  reason?: string;
  technical?: boolean;
}

/**
 * One studio day, 10:00 to 22:00 in hour-long bookings: most holds are paid, some expire and the
 * hour is held again, some paid bookings are cancelled and re-sold, staff reserve an hour (one
 * deleted and reserved again, the last one technical). Steps run across all hours, so each hour's
 * story is in order while hours interleave, as checkouts do.
 */
function dayTemplate(): TemplateEvent[] {
  const steps: TemplateEvent[][] = [];
  const at = (step: number, event: TemplateEvent) => (steps[step] ??= []).push(event);
  for (let hour = 0; hour < 12; hour += 1) {
    if (hour === 5) {
      at(0, { type: 'SlotsReserved', hour, take: 0 });
      at(1, { type: 'BookingReleased', hour, take: 0, reason: 'deleted' });
      at(2, { type: 'SlotsReserved', hour, take: 1 });
    } else if (hour === 11) {
      at(0, { type: 'SlotsReserved', hour, take: 0, technical: true });
    } else if (hour % 4 === 1) {
      at(0, { type: 'SlotsHeld', hour, take: 0 });
      at(1, { type: 'HoldReleased', hour, take: 0, reason: 'expired' });
      at(2, { type: 'SlotsHeld', hour, take: 1 });
      at(3, { type: 'HoldConfirmed', hour, take: 1 });
    } else if (hour % 4 === 2) {
      at(0, { type: 'SlotsHeld', hour, take: 0 });
      at(1, { type: 'HoldConfirmed', hour, take: 0 });
      at(2, { type: 'BookingReleased', hour, take: 0, reason: 'cancelled' });
      at(3, { type: 'SlotsHeld', hour, take: 1 });
      at(4, { type: 'HoldConfirmed', hour, take: 1 });
    } else {
      at(0, { type: 'SlotsHeld', hour, take: 0 });
      at(1, { type: 'HoldConfirmed', hour, take: 0 });
    }
  }
  return steps.flat();
}

const TEMPLATE = dayTemplate();
export const LEDGER_EVENTS_PER_DAY = TEMPLATE.length;
const literal = (value: string | undefined) => (value === undefined ? 'NULL' : `'${value}'`);
const TEMPLATE_SQL = TEMPLATE.map(
  (e, seq) => `(${seq}, '${e.type}', ${e.hour}, ${e.take}, ${literal(e.reason)}, ${e.technical ?? false})`,
).join(',\n  ');

// $1, $2: the chunk's first and last day (0-based from FIRST_DAY). Events of a chunk's weeks are
// appended week by week, and within a week step by step across its days and studios, so that
// neighbouring events belong to different streams, as they do when many customers book at once.
const SEED_EVENTS_SQL = `
WITH template (seq, type, hour, take, reason, technical) AS (VALUES
  ${TEMPLATE_SQL}
), days AS (
  SELECT n, (DATE '${FIRST_DAY}' + n)::text AS date FROM generate_series($1::int, $2::int) AS n
), studios AS (
  SELECT studio, k FROM unnest($3::text[]) WITH ORDINALITY AS s(studio, k)
), rows AS (
  SELECT d.n, s.k, t.seq, t.type, s.studio, d.date,
    s.studio || '-' || d.date || '-' || t.hour || '-' || t.take AS key,
    ARRAY[lpad((10 + t.hour)::text, 2, '0') || ':00', lpad((10 + t.hour)::text, 2, '0') || ':30'] AS cells,
    t.reason, t.technical,
    (d.date::date - 7 + make_interval(mins => t.seq * 7 + s.k::int))::timestamptz AS created_at
  FROM days d CROSS JOIN studios s CROSS JOIN template t
)
INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata, created_at)
SELECT gen_random_uuid(), 'studio-day-' || studio || '-' || date, seq, type,
  jsonb_build_object('studio', studio, 'date', date, 'cells', to_jsonb(cells)) || CASE type
    WHEN 'SlotsHeld' THEN jsonb_build_object('holdId', 'h-' || key, 'bookingId', 'b-' || key,
      'occupant', CASE WHEN (n + seq) % 3 = 0 THEN jsonb_build_object('phone', '7913' || lpad(((n * 37 + seq) % 10000000)::text, 7, '0'))
                       ELSE jsonb_build_object('userId', 'c' || ((n * 31 + seq) % 50000)) END,
      'expiresAt', to_char(created_at + interval '15 minutes', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
    WHEN 'HoldConfirmed' THEN jsonb_build_object('holdId', 'h-' || key, 'bookingId', 'b-' || key)
    WHEN 'HoldReleased' THEN jsonb_build_object('holdId', 'h-' || key, 'reason', reason)
    WHEN 'SlotsReserved' THEN jsonb_build_object('bookingId', 'r-' || key, 'occupant', jsonb_build_object('phone', '7923' || lpad((n % 10000000)::text, 7, '0')),
      'technical', technical, 'adminId', 'a1')
    ELSE jsonb_build_object('bookingId', CASE WHEN reason = 'deleted' THEN 'r-' ELSE 'b-' END || key, 'reason', reason)
  END,
  jsonb_build_object('actor', CASE WHEN type IN ('SlotsReserved', 'BookingReleased') THEN 'staff:a1' ELSE 'customer:c' || (n % 50000) END,
    'correlationId', md5(key)),
  created_at
FROM rows
ORDER BY n / 7, seq, n, k`;

const SEED_STREAMS_SQL = `INSERT INTO streams (stream_name, revision)
  SELECT stream_name, max(stream_revision) FROM events GROUP BY stream_name`;

/**
 * Appends whole weeks of studio days for every studio, at least `events` events, each chunk of
 * weeks in its own transaction; returns how many once all of them are readable.
 */
export async function seedStudioDayLedgers(pool: pg.Pool, events: number): Promise<number> {
  const perDay = TEMPLATE.length * STUDIOS.length;
  const days = Math.ceil(events / perDay / 7) * 7;
  for (let first = 0; first < days; first += 7 * WEEKS_PER_CHUNK) {
    await pool.query(SEED_EVENTS_SQL, [first, Math.min(days, first + 7 * WEEKS_PER_CHUNK) - 1, STUDIOS]);
  }
  await pool.query(SEED_STREAMS_SQL);
  await pool.query('VACUUM ANALYZE events');
  // Readers pass no transaction older than the oldest one running anywhere in the cluster (another
  // process's open transaction holds the seeded events back): the rebuild starts once all are readable.
  const readable = `SELECT count(*)::int AS n FROM events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
  while ((await pool.query<{ n: number }>(readable)).rows[0]!.n < days * perDay) await new Promise((resolve) => setTimeout(resolve, 100));
  return days * perDay;
}
