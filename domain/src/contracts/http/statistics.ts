import { z } from 'zod';
import { STUDIOS } from '../../studios';
import { daysBetween, isIsoDate } from '../../time/tomsk';
import type { AdminShootingFormat } from './admin-bookings';

/**
 * The statistics tab (docs/statistics.md#what-it-does «Statistics tab», docs/statistics.md#what-it-does «Statistics response», docs/statistics.md#calls-and-who-may-make-them, docs/statistics.md#constants):
 * `GET /api/admin/statistics?studio=&start=&end=&daily=1`, super administrators only, one studio a
 * call (the tab calls once per selected studio, and again for the previous equal-length range).
 *
 * Definitions every figure follows:
 * - A booking counts on the studio day it occupies, in Asia/Tomsk (its first day when it spans
 *   several), at the hour its first cell starts. A booking the staff moved counts where it is now.
 * - Accepted: it holds now (paid, or made by staff, and not cancelled). Cancelled: it held once and
 *   was cancelled since. A checkout never paid (its hold expired or its payment failed) is neither
 *   and counts nowhere. A technical booking (the studio blocked for its own needs) counts nowhere.
 * - Money is received minus refunded: payments that went through (provider or bank transfer) less
 *   refunds that went through, on the bookings counted in the range, whenever the money moved; a
 *   cancelled booking's kept money counts too. Roubles in this answer (kopecks inside).
 * - Booked time is the half-hour cells of accepted bookings, on the day and hour each cell is.
 */

/** The longest range one call answers: a year and a bit, so a leap year and its comparison both fit. */
export const STATISTICS_MAX_DAYS = 400;
/** Hours a studio day offers (10:00–22:00): the capacity `utilization` is measured against. */
export const STATISTICS_HOURS_PER_DAY = 12;
/** The hours of the day rows go by: 10 (10:00–11:00) to 21 (21:00–22:00). */
export const STATISTICS_FIRST_HOUR = 10;
export const STATISTICS_LAST_HOUR = 21;

/** Days from `start` to `end`, both counted. */
export function statisticsRangeDays(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

const oneParam = () => z.string({ error: (issue) => (issue.input === undefined ? 'обязательное поле' : 'должен быть указан один раз') });
const day = () => oneParam().regex(/^\d{4}-\d{2}-\d{2}$/, 'дата должна быть в формате ГГГГ-ММ-ДД').refine(isIsoDate, 'такой даты нет');

/** The query string: a studio, the first and the last day (both counted), and `daily=1` for the daily rows. */
export const statisticsQuerySchema = z
  .object({
    studio: oneParam().pipe(z.enum(STUDIOS, { error: `неизвестная студия (допустимы: ${STUDIOS.join(', ')})` })),
    start: day(),
    end: day(),
    daily: z
      .preprocess((value) => (value === '' ? undefined : value), oneParam().pipe(z.enum(['0', '1'], { error: 'допустимо 1 или 0' })).optional())
      .transform((value) => value === '1'),
  })
  .check((ctx) => {
    const { start, end } = ctx.value;
    // The check runs even when a day was refused already: that refusal is the answer.
    if (!isIsoDate(start) || !isIsoDate(end)) return;
    if (end < start) ctx.issues.push({ code: 'custom', input: end, path: ['end'], message: 'раньше, чем start' });
    else if (statisticsRangeDays(start, end) > STATISTICS_MAX_DAYS) {
      ctx.issues.push({ code: 'custom', input: end, path: ['end'], message: `период не длиннее ${STATISTICS_MAX_DAYS} дней` });
    }
  });
export type StatisticsQuery = z.output<typeof statisticsQuerySchema>;

/** Roubles, to the kopeck. */
const roubles = z.number();

export const statisticsKpisSchema = z.object({
  /** Accepted plus cancelled bookings counted in the range. */
  bookings: z.number().int(),
  /** Booked hours in the range: the accepted bookings' cells on its days (half hours, so x.0 or x.5). */
  hours: z.number(),
  /** Received minus refunded on the bookings counted in the range (accepted and cancelled). */
  paidRevenue: roubles,
  /** The totals (the price decided at booking) of the accepted bookings counted in the range. */
  expectedRevenue: roubles,
  /**
   * Clients (by phone) whose first accepted booking at this studio, ever, counts on a day in the
   * range. Staff bookings without a phone have no client.
   */
  newClients: z.number().int(),
  /** expectedRevenue / acceptedBookings; 0 without accepted bookings. */
  avgBookingValue: roubles,
  canceledBookings: z.number().int(),
  acceptedBookings: z.number().int(),
  /**
   * The length of accepted bookings counted in the range (all their cells, every day), in hours to
   * two decimals: the mean, the shortest and the longest; 0 without accepted bookings.
   */
  avgDurationHours: z.number(),
  minDurationHours: z.number(),
  maxDurationHours: z.number(),
  /** A PERCENT (0–100, one decimal): `hours` / (12 hours × the range's days). */
  utilization: z.number(),
});
export type StatisticsKpis = z.infer<typeof statisticsKpisSchema>;

/** One day of the range (every day is listed, empty ones with zeros), by the definitions above. */
export const statisticsDaySchema = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  accepted: z.number().int(),
  canceled: z.number().int(),
  /** Minutes of accepted bookings' cells on this day. */
  minutesBooked: z.number().int(),
  paidRevenue: roubles,
});
export type StatisticsDay = z.infer<typeof statisticsDaySchema>;

/** One hour (10–21) of a one-day range: bookings by the hour they start, booked minutes by the hour each cell is in. */
export const statisticsHourPointSchema = z.object({
  hour: z.number().int(),
  accepted: z.number().int(),
  canceled: z.number().int(),
  minutesBooked: z.number().int(),
  paidRevenue: roubles,
});
export type StatisticsHourPoint = z.infer<typeof statisticsHourPointSchema>;

/** A booking's format as the back-office names it: a customer's choice, or `admin` for a staff booking (technical ones count nowhere). */
export const STATISTICS_FORMATS = ['self', 'with_photographer', 'event', 'admin'] as const satisfies readonly AdminShootingFormat[];

export const statisticsDistributionsSchema = z.object({
  /** Per format, the formats that have a booking in the range: accepted bookings and their (and cancelled ones') money. */
  formats: z.array(z.object({ format: z.enum(STATISTICS_FORMATS), bookings: z.number().int(), paidRevenue: roubles })),
  /** Every hour 10–21 (zeros included), by the hour the booking starts: accepted bookings and paidRevenue as in kpis. */
  hours: z.array(z.object({ hour: z.number().int(), bookings: z.number().int(), paidRevenue: roubles })),
  /**
   * The extra services booked with accepted bookings, most booked first (then by uses and id):
   * `bookings` that include it, `uses` how many times it was listed on them (a service taken twice
   * counts two uses), `paidRevenue` the prices of those uses as booked. Its latest name.
   */
  services: z.array(z.object({ serviceId: z.string(), name: z.string(), bookings: z.number().int(), uses: z.number().int(), paidRevenue: roubles })),
});
export type StatisticsDistributions = z.infer<typeof statisticsDistributionsSchema>;

/** GET /api/admin/statistics. */
export const statisticsAnswerSchema = z.object({
  success: z.literal(true),
  range: z.object({ start: z.string(), end: z.string(), days: z.number().int() }),
  kpis: statisticsKpisSchema,
  /** Every day of the range when asked with `daily=1`; empty otherwise. */
  daily: z.array(statisticsDaySchema),
  /** Every hour 10–21 when the range is one day (today, yesterday); empty otherwise. */
  hourly: z.array(statisticsHourPointSchema),
  distributions: statisticsDistributionsSchema,
});
export type StatisticsAnswer = z.infer<typeof statisticsAnswerSchema>;
