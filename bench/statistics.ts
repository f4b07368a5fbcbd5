// Section (h): the statistics tab over HTTP. A year of one studio, eight bookings a day (paid in
// full or by halves, by transfer, some cancelled and refunded, some never paid), is built by the
// statistics projection itself from its events; then a super administrator's session asks
// GET /api/admin/statistics for the whole year with its daily rows. The baseline is a bare Express
// handler in the same process that runs one hand-written SQL over the same tables and returns its
// JSON: the ratio is what the session check, validation, the read-position check and shaping the
// answer (roubles, every day and hour filled in) cost.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { addDays, minutesToTime, type StatisticsAnswer } from '@studio/domain';
import { customerSessions, staffSessions, STAFF_SESSION_COOKIE } from '@studio/platform';
import { storyEvents, type BookingStory } from '../e2e/kit/booking-stories';
import { statisticsProjection } from '../projections/src/statistics/projection';
import { againstBare, compare } from './http-load';
import { projectEvents } from './project-events';
import type { BenchSection } from './sections';

const START = '2030-01-01';
const DAYS = 365;
const PER_DAY = 8;
const CLIENTS = 1500;
const CONNECTIONS = 10;
const BATCH = 500;

const SERVICES = [
  { serviceId: 'bg', name: 'Цветной фон', price: 50_000 },
  { serviceId: 'mua', name: 'Визажист', price: 250_000 },
  { serviceId: 'smoke', name: 'Дым-машина', price: 80_000 },
  { serviceId: 'light', name: 'Доп. свет', price: 40_000 },
];
const FORMATS = ['self', 'with_photographer', 'event'] as const;

/** Deterministic bookings: an hour or an hour and a half every hour and a half from 10:00, a fifth by staff. */
function* yearStories(): Generator<BookingStory> {
  for (let d = 0; d < DAYS; d++) {
    const date = addDays(START, d);
    for (let k = 0; k < PER_DAY; k++) {
      const n = d * PER_DAY + k;
      const from = 600 + k * 90;
      const cells = Array.from({ length: n % 3 === 0 ? 3 : 2 }, (_, i) => minutesToTime(from + i * 30));
      const services = n % 4 === 0 ? [SERVICES[(n / 4) % SERVICES.length]!, ...(n % 8 === 0 ? [SERVICES[3]!] : [])] : [];
      const total = cells.length * 150_000 + services.reduce((sum, service) => sum + service.price, 0);
      const phone = `7913${String(1_000_000 + (n % CLIENTS) * 37).slice(-7)}`;
      const base = { id: `b${n}`, studio: 'pochta' as const, phone, days: [{ date, cells }], total };
      if (n % 5 === 0) {
        yield { ...base, by: 'staff', payments: n % 2 ? [{ amount: total }] : [] };
        continue;
      }
      const half = Math.round(total / 2);
      const payments = n % 17 === 0 ? [] : n % 7 === 0 ? [{ amount: half }, { amount: total - half }] : n % 11 === 0 ? [{ amount: half }] : [{ amount: total }];
      const canceled = n % 13 === 0 && payments.length > 0;
      yield {
        ...base,
        by: 'guest',
        format: FORMATS[n % FORMATS.length]!,
        services,
        payments,
        lapsed: payments.length === 0,
        canceled,
        refunds: canceled ? [{ amount: payments[0]!.amount, outcome: 'succeeded' }] : [],
      };
    }
  }
}

/** The events through the projection's own apply, in batches as its runner commits them, into the live tables. */
async function project(pool: pg.Pool): Promise<void> {
  const events = [...yearStories()].flatMap(storyEvents);
  const seconds = await projectEvents(pool, statisticsProjection, events, BATCH);
  await pool.query('VACUUM ANALYZE');
  const { rows } = await pool.query<{ days: string; hours: string; bookings: string }>(
    'SELECT (SELECT count(*) FROM statistics_days) AS days, (SELECT count(*) FROM statistics_hours) AS hours, (SELECT count(*) FROM statistics_bookings) AS bookings',
  );
  const { days, hours, bookings } = rows[0]!;
  console.log(`  projected ${events.length} events of ${bookings} bookings in ${seconds.toFixed(1)} s (${(events.length / seconds).toFixed(0)} events/s): ${days} day rows, ${hours} hour rows`);
}

/** What a hand-written report would ask: the year's sums straight out of the tables, as JSON. */
const BARE_SQL = `
SELECT json_build_object(
  'kpis', (SELECT json_build_object('accepted', sum(accepted), 'canceled', sum(canceled), 'minutesBooked', sum(minutes_booked),
             'paidRevenue', sum(paid_revenue), 'expectedRevenue', sum(expected_revenue), 'durationMinutes', sum(duration_minutes),
             'minDurationMinutes', min(min_duration_minutes), 'maxDurationMinutes', max(max_duration_minutes))
           FROM statistics_days WHERE studio = $1 AND day BETWEEN $2 AND $3),
  'newClients', (SELECT count(*) FROM statistics_first_visits WHERE studio = $1 AND first_day BETWEEN $2 AND $3),
  'daily', (SELECT json_agg(json_build_object('date', day, 'accepted', accepted, 'canceled', canceled, 'minutesBooked', minutes_booked, 'paidRevenue', paid_revenue) ORDER BY day)
            FROM statistics_days WHERE studio = $1 AND day BETWEEN $2 AND $3),
  'hours', (SELECT json_agg(h ORDER BY hour) FROM (SELECT hour, sum(accepted) AS bookings, sum(minutes_booked) AS "minutesBooked", sum(paid_revenue) AS "paidRevenue"
            FROM statistics_hours WHERE studio = $1 AND day BETWEEN $2 AND $3 GROUP BY hour) h),
  'formats', (SELECT json_agg(f) FROM (SELECT format, sum(bookings) AS bookings, sum(paid_revenue) AS "paidRevenue"
              FROM statistics_formats WHERE studio = $1 AND day BETWEEN $2 AND $3 GROUP BY format) f),
  'services', (SELECT json_agg(s) FROM (SELECT service_id AS "serviceId", max(name) AS name, sum(bookings) AS bookings, sum(uses) AS uses, sum(paid_revenue) AS "paidRevenue"
               FROM statistics_services WHERE studio = $1 AND day BETWEEN $2 AND $3 GROUP BY service_id) s)
) AS answer`;

export const statisticsSection: BenchSection = {
  name: 'statistics',
  title: `GET /api/admin/statistics for a year of one studio (${PER_DAY} bookings a day), ${CONNECTIONS} connections: query-api vs a bare SQL handler`,
  run: (scope) =>
    againstBare(scope, 'bench_statistics', CONNECTIONS, async ({ pool, startApi, listenBare }) => {
      await project(pool);
      const api = await startApi();
      await Promise.all([staffSessions.ensureTable(pool), customerSessions.ensureTable(pool)]);
      const { token } = await staffSessions.issue(pool, randomUUID(), 'super');
      const headers = { cookie: `${STAFF_SESSION_COOKIE}=${token}` };

      const end = addDays(START, DAYS - 1);
      const bareUrl = await listenBare(async (_req, res) => {
        const { rows } = await pool.query<{ answer: object }>(BARE_SQL, ['pochta', START, end]);
        res.setHeader('Cache-Control', 'no-store');
        res.json(rows[0]!.answer);
      });

      const apiUrl = `${api}/api/admin/statistics?studio=pochta&start=${START}&end=${end}&daily=1`;
      const fromApi = (await (await fetch(apiUrl, { headers })).json()) as StatisticsAnswer;
      const fromBare = (await (await fetch(bareUrl)).json()) as { kpis: { accepted: number; canceled: number } };
      if (fromApi.kpis.bookings !== fromBare.kpis.accepted + fromBare.kpis.canceled || fromApi.daily.length !== DAYS) {
        throw new Error('query-api and the bare handler count different bookings');
      }
      const { kpis } = fromApi;
      console.log(`  the year: ${kpis.bookings} bookings (${kpis.canceledBookings} cancelled), ${kpis.hours} h, ${kpis.paidRevenue} ₽ paid, ${kpis.newClients} new clients, utilization ${kpis.utilization}%`);

      await compare({ bare: bareUrl, api: apiUrl }, { connections: CONNECTIONS, headers });
    }),
};
