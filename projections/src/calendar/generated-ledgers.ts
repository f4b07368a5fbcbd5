// Studio-day ledgers and their checkouts' booking streams written straight into the Postgres event
// store's tables by SQL, for the rebuild bench (bench/rebuild.ts) and the calendar's batched-apply
// spec: a million valid events in seconds, where appending them one command at a time would take
// an hour.
import type pg from 'pg';
import { STUDIOS } from '@studio/domain';

const FIRST_DAY = '2003-01-06'; // a Monday: each chunk of weeks starts on one
const WEEKS_PER_CHUNK = 8;

type LedgerType = 'SlotsHeld' | 'HoldConfirmed' | 'HoldReleased' | 'SlotsReserved' | 'BookingReleased';
type BookingType = 'BookingPlaced' | 'BookingConfirmed' | 'BookingCanceled';

interface TemplateEvent {
  type: LedgerType | BookingType;
  /** Which hour of the day (0 = 10:00) the event's two cells start at. */
  hour: number;
  /** Ordinal of the hold or booking on that hour (a re-hold after an expiry or a cancellation is 1). */
  take: number;
  reason?: string;
  technical?: boolean;
}

const BOOKING_TYPES: readonly string[] = ['BookingPlaced', 'BookingConfirmed', 'BookingCanceled'];

/**
 * One studio day, 10:00 to 22:00 in hour-long bookings: most checkouts are paid, some expire and
 * the hour is held again, some paid bookings are cancelled by the customer and re-sold, staff
 * reserve an hour (one deleted and reserved again, the last one technical). Each checkout is told
 * in its booking stream too, in the order the command side writes it. Steps run across all hours,
 * so each hour's story is in order while hours interleave, as checkouts do.
 */
function dayTemplate(): TemplateEvent[] {
  const steps: TemplateEvent[][] = [];
  const at = (step: number, ...events: TemplateEvent[]) => (steps[step] ??= []).push(...events);
  const checkout = (step: number, hour: number, take: number) =>
    at(step, { type: 'SlotsHeld', hour, take }, { type: 'BookingPlaced', hour, take });
  const paid = (step: number, hour: number, take: number) =>
    at(step, { type: 'BookingConfirmed', hour, take }, { type: 'HoldConfirmed', hour, take });
  for (let hour = 0; hour < 12; hour += 1) {
    if (hour === 5) {
      at(0, { type: 'SlotsReserved', hour, take: 0 });
      at(1, { type: 'BookingReleased', hour, take: 0, reason: 'deleted' });
      at(2, { type: 'SlotsReserved', hour, take: 1 });
    } else if (hour === 11) {
      at(0, { type: 'SlotsReserved', hour, take: 0, technical: true });
    } else if (hour % 4 === 1) {
      checkout(0, hour, 0);
      at(1, { type: 'HoldReleased', hour, take: 0, reason: 'expired' }, { type: 'BookingCanceled', hour, take: 0, reason: 'hold_expired' });
      checkout(2, hour, 1);
      paid(3, hour, 1);
    } else if (hour % 4 === 2) {
      checkout(0, hour, 0);
      paid(1, hour, 0);
      at(2, { type: 'BookingCanceled', hour, take: 0, reason: 'customer' }, { type: 'BookingReleased', hour, take: 0, reason: 'cancelled' });
      checkout(3, hour, 1);
      paid(4, hour, 1);
    } else {
      checkout(0, hour, 0);
      paid(1, hour, 0);
    }
  }
  return steps.flat();
}

const TEMPLATE = dayTemplate();
/** Events a studio day adds to the store, ledger and booking streams together. */
export const LEDGER_EVENTS_PER_DAY = TEMPLATE.length;
const literal = (value: string | undefined) => (value === undefined ? 'NULL' : `'${value}'`);
/** Each event's revision in its stream: the day's ledger, or its checkout's booking. */
const revisions = (() => {
  const next = new Map<string, number>();
  return TEMPLATE.map((e) => {
    const stream = BOOKING_TYPES.includes(e.type) ? `${e.hour}-${e.take}` : 'day';
    const revision = next.get(stream) ?? 0;
    next.set(stream, revision + 1);
    return revision;
  });
})();
const TEMPLATE_SQL = TEMPLATE.map(
  (e, seq) => `(${seq}, ${revisions[seq]}, '${e.type}', ${e.hour}, ${e.take}, ${literal(e.reason)}, ${e.technical ?? false})`,
).join(',\n  ');

// $1, $2: the chunk's first and last day (0-based from FIRST_DAY). Events of a chunk's weeks are
// appended week by week, and within a week step by step across its days and studios, so that
// neighbouring events belong to different streams, as they do when many customers book at once.
const SEED_EVENTS_SQL = `
WITH template (seq, revision, type, hour, take, reason, technical) AS (VALUES
  ${TEMPLATE_SQL}
), days AS (
  SELECT n, (DATE '${FIRST_DAY}' + n)::text AS date FROM generate_series($1::int, $2::int) AS n
), studios AS (
  SELECT studio, k FROM unnest($3::text[]) WITH ORDINALITY AS s(studio, k)
), rows AS (
  SELECT d.n, s.k, t.seq, t.revision, t.type, t.hour, s.studio, d.date,
    s.studio || '-' || d.date || '-' || t.hour || '-' || t.take AS key,
    ARRAY[lpad((10 + t.hour)::text, 2, '0') || ':00', lpad((10 + t.hour)::text, 2, '0') || ':30'] AS cells,
    -- A pool of returning clients, each checkout one of them.
    '7913' || lpad(((d.n * 37 + t.hour * 101 + t.take) % 20000)::text, 7, '0') AS phone,
    CASE WHEN t.hour % 4 = 0 THEN 350000 ELSE 200000 END AS total,
    t.reason, t.technical,
    (d.date::date - 7 + make_interval(mins => t.seq * 7 + s.k::int))::timestamptz AS created_at
  FROM days d CROSS JOIN studios s CROSS JOIN template t
)
INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata, created_at)
SELECT gen_random_uuid(),
  CASE WHEN type IN (${BOOKING_TYPES.map((type) => `'${type}'`).join(', ')}) THEN 'booking-b-' || key ELSE 'studio-day-' || studio || '-' || date END,
  revision, type,
  CASE type
    WHEN 'BookingPlaced' THEN jsonb_build_object('bookingId', 'b-' || key, 'intentId', 'i-' || key, 'studio', studio,
      'customer', jsonb_build_object('name', 'Клиент ' || phone, 'phone', phone, 'email', 'c' || phone || '@example.ru', 'comment', ''),
      'blocks', jsonb_build_array(jsonb_build_object('date', date, 'cells', to_jsonb(cells), 'holdId', 'h-' || key)),
      'format', jsonb_build_object('kind', (ARRAY['self', 'with_photographer', 'event'])[1 + n % 3], 'peopleCount', 1 + n % 6),
      'services', CASE WHEN total > 200000 THEN '[{"serviceId": "s1", "name": "Гримёр", "format": "self", "price": 150000}]'::jsonb ELSE '[]'::jsonb END,
      'price', jsonb_build_object('lines', jsonb_build_array(jsonb_build_object('label', 'Аренда, 1 ч', 'amount', total)), 'total', total),
      'prepayPercent', 100)
    WHEN 'BookingConfirmed' THEN jsonb_build_object('bookingId', 'b-' || key, 'paymentId', 'p-' || key, 'paid', total)
    WHEN 'BookingCanceled' THEN jsonb_build_object('bookingId', 'b-' || key, 'reason', reason)
      || CASE WHEN reason = 'customer' THEN jsonb_build_object('requestedBy', 'customer:c' || phone) ELSE '{}'::jsonb END
    ELSE jsonb_build_object('studio', studio, 'date', date, 'cells', to_jsonb(cells)) || CASE type
      WHEN 'SlotsHeld' THEN jsonb_build_object('holdId', 'h-' || key, 'bookingId', 'b-' || key,
        'occupant', CASE WHEN (n + seq) % 3 = 0 THEN jsonb_build_object('phone', phone) ELSE jsonb_build_object('userId', 'c' || phone) END,
        'expiresAt', to_char(created_at + interval '15 minutes', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
      WHEN 'HoldConfirmed' THEN jsonb_build_object('holdId', 'h-' || key, 'bookingId', 'b-' || key)
      WHEN 'HoldReleased' THEN jsonb_build_object('holdId', 'h-' || key, 'reason', reason)
      WHEN 'SlotsReserved' THEN jsonb_build_object('bookingId', 'r-' || key, 'occupant', jsonb_build_object('phone', '7923' || lpad((n % 10000000)::text, 7, '0')),
        'technical', technical, 'adminId', 'a1')
      ELSE jsonb_build_object('bookingId', CASE WHEN reason = 'deleted' THEN 'r-' ELSE 'b-' END || key, 'reason', reason)
    END
  END,
  jsonb_build_object('actor', CASE WHEN type IN ('SlotsReserved', 'BookingReleased') THEN 'staff:a1' ELSE 'customer:c' || phone END,
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
