import type pg from 'pg';
import {
  addDays,
  kopecksToRoubles,
  STATISTICS_FIRST_HOUR,
  STATISTICS_HOURS_PER_DAY,
  STATISTICS_LAST_HOUR,
  statisticsRangeDays,
  type StatisticsAnswer,
  type StatisticsQuery,
  type StatisticsDistributions,
} from '@studio/domain';

interface HourSums {
  hour: number;
  accepted: number;
  canceled: number;
  minutes: number;
  paid: number;
}

/** What the one query hands back: sums in kopecks and minutes, as JSON. */
interface Sums {
  totals: { accepted: number; canceled: number; minutes: number; paid: number; expected: number; duration: number; min: number | null; max: number | null };
  new_clients: number;
  daily: { date: string; accepted: number; canceled: number; minutes: number; paid: number }[];
  hours: HourSums[];
  formats: { format: StatisticsDistributions['formats'][number]['format']; bookings: number; paid: number }[];
  services: { serviceId: string; name: string; bookings: number; uses: number; paid: number }[];
}

/**
 * The range's rows of the statistics read model summed in one round trip. The daily rows are read
 * only when asked ($4); a service is named as its latest day in the range names it.
 */
const STATISTICS_SQL = `
WITH days AS (SELECT * FROM statistics_days WHERE studio = $1 AND day BETWEEN $2::date AND $3::date)
SELECT
  (SELECT json_build_object(
     'accepted', coalesce(sum(accepted), 0), 'canceled', coalesce(sum(canceled), 0), 'minutes', coalesce(sum(minutes_booked), 0),
     'paid', coalesce(sum(paid_revenue), 0), 'expected', coalesce(sum(expected_revenue), 0), 'duration', coalesce(sum(duration_minutes), 0),
     'min', min(min_duration_minutes), 'max', max(max_duration_minutes)) FROM days) AS totals,
  (SELECT count(*)::int FROM statistics_first_visits WHERE studio = $1 AND first_day BETWEEN $2::date AND $3::date) AS new_clients,
  (SELECT coalesce(json_agg(json_build_object('date', day::text, 'accepted', accepted, 'canceled', canceled, 'minutes', minutes_booked, 'paid', paid_revenue) ORDER BY day), '[]')
     FROM days WHERE $4::boolean) AS daily,
  (SELECT coalesce(json_agg(h ORDER BY h.hour), '[]') FROM (
     SELECT hour, sum(accepted) AS accepted, sum(canceled) AS canceled, sum(minutes_booked) AS minutes, sum(paid_revenue) AS paid
     FROM statistics_hours WHERE studio = $1 AND day BETWEEN $2::date AND $3::date GROUP BY hour) h) AS hours,
  (SELECT coalesce(json_agg(f ORDER BY f.bookings DESC, f.format), '[]') FROM (
     SELECT format, sum(bookings) AS bookings, sum(paid_revenue) AS paid
     FROM statistics_formats WHERE studio = $1 AND day BETWEEN $2::date AND $3::date GROUP BY format
     HAVING sum(bookings) > 0 OR sum(paid_revenue) <> 0) f) AS formats,
  (SELECT coalesce(json_agg(s ORDER BY s.bookings DESC, s.uses DESC, s."serviceId"), '[]') FROM (
     SELECT service_id AS "serviceId", (array_agg(name ORDER BY day DESC))[1] AS name, sum(bookings) AS bookings, sum(uses) AS uses, sum(paid_revenue) AS paid
     FROM statistics_services WHERE studio = $1 AND day BETWEEN $2::date AND $3::date GROUP BY service_id
     HAVING sum(bookings) > 0) s) AS services`;

const rounded = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const hoursOf = (minutes: number) => rounded(minutes / 60, 2);

/** Every hour of the studio day, zeros where nothing counted. */
function studioHours(rows: readonly HourSums[]): HourSums[] {
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  return Array.from({ length: STATISTICS_LAST_HOUR - STATISTICS_FIRST_HOUR + 1 }, (_, i) => STATISTICS_FIRST_HOUR + i).map(
    (hour) => byHour.get(hour) ?? { hour, accepted: 0, canceled: 0, minutes: 0, paid: 0 },
  );
}

/** GET /api/admin/statistics: the range's figures by the definitions of the contract (domain/src/contracts/http/statistics.ts). */
export async function statisticsOf(pool: pg.Pool, query: StatisticsQuery): Promise<StatisticsAnswer> {
  const { studio, start, end, daily } = query;
  const days = statisticsRangeDays(start, end);
  const { rows } = await pool.query<Sums>(STATISTICS_SQL, [studio, start, end, daily]);
  const sums = rows[0]!;
  const { totals } = sums;
  const perDay = new Map(sums.daily.map((row) => [row.date, row]));
  const hours = studioHours(sums.hours);
  return {
    success: true,
    range: { start, end, days },
    kpis: {
      bookings: totals.accepted + totals.canceled,
      hours: hoursOf(totals.minutes),
      paidRevenue: kopecksToRoubles(totals.paid),
      expectedRevenue: kopecksToRoubles(totals.expected),
      newClients: sums.new_clients,
      avgBookingValue: totals.accepted ? kopecksToRoubles(Math.round(totals.expected / totals.accepted)) : 0,
      canceledBookings: totals.canceled,
      acceptedBookings: totals.accepted,
      avgDurationHours: totals.accepted ? hoursOf(totals.duration / totals.accepted) : 0,
      minDurationHours: hoursOf(totals.min ?? 0),
      maxDurationHours: hoursOf(totals.max ?? 0),
      utilization: rounded((totals.minutes / (STATISTICS_HOURS_PER_DAY * 60 * days)) * 100, 1),
    },
    daily: daily
      ? Array.from({ length: days }, (_, i) => addDays(start, i)).map((date) => {
          const row = perDay.get(date);
          return { date, accepted: row?.accepted ?? 0, canceled: row?.canceled ?? 0, minutesBooked: row?.minutes ?? 0, paidRevenue: kopecksToRoubles(row?.paid ?? 0) };
        })
      : [],
    hourly: days === 1 ? hours.map((row) => ({ hour: row.hour, accepted: row.accepted, canceled: row.canceled, minutesBooked: row.minutes, paidRevenue: kopecksToRoubles(row.paid) })) : [],
    distributions: {
      formats: sums.formats.map((row) => ({ format: row.format, bookings: row.bookings, paidRevenue: kopecksToRoubles(row.paid) })),
      hours: hours.map((row) => ({ hour: row.hour, bookings: row.accepted, paidRevenue: kopecksToRoubles(row.paid) })),
      services: sums.services.map((row) => ({ serviceId: row.serviceId, name: row.name, bookings: row.bookings, uses: row.uses, paidRevenue: kopecksToRoubles(row.paid) })),
    },
  };
}
