import type { ColumnType } from 'kysely';
import type { IntentMoneyRow } from './clients';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;
/** bigint money columns: written as numbers, read back as exact strings. */
type Int8 = ColumnType<string, number, number>;
/** Postgres dates, YYYY-MM-DD: written as text, read back as text when selected `::text`. */
type DateText = ColumnType<string, string, string>;

/** Where a booking stands for the statistics (domain/src/contracts/http/statistics.ts says what each counts as). */
export type StatisticsBookingStatus = 'pending' | 'accepted' | 'canceled' | 'void';

/**
 * The statistics tab's read model (docs/statistics.md#what-it-does «Statistics response», issue 11): rows per
 * studio and day that a range sums, kept by the `statistics` projection. Money in kopecks. The
 * definitions of every figure are those of the HTTP contract (`http/statistics.ts`).
 */
export interface StatisticsTables {
  /** Per studio and day: bookings counted on the day, their money and length, and the minutes booked on it. */
  statistics_days: {
    studio: string;
    day: DateText;
    accepted: number;
    canceled: number;
    minutes_booked: number;
    paid_revenue: Int8;
    expected_revenue: Int8;
    /** The summed length of the accepted bookings counted on the day, and the shortest and longest of them (null: none). */
    duration_minutes: number;
    min_duration_minutes: number | null;
    max_duration_minutes: number | null;
  };
  /** Per studio, day and hour: bookings by the hour they start, minutes by the hour each cell is in. */
  statistics_hours: {
    studio: string;
    day: DateText;
    hour: number;
    accepted: number;
    canceled: number;
    minutes_booked: number;
    paid_revenue: Int8;
  };
  /** Per studio, day and format (admin-bookings' names, `admin` for staff). */
  statistics_formats: {
    studio: string;
    day: DateText;
    format: string;
    bookings: number;
    paid_revenue: Int8;
  };
  /** Per studio, day and extra service of accepted bookings. */
  statistics_services: {
    studio: string;
    day: DateText;
    service_id: string;
    /** The name the latest booking of it gave. */
    name: string;
    bookings: number;
    uses: number;
    paid_revenue: Int8;
  };
  /** Per studio and client (E.164 phone): the day of the first accepted booking. */
  statistics_first_visits: {
    studio: string;
    phone: string;
    first_day: DateText;
  };
  /** The projection's own state of each booking, so a later event takes back what the booking added and adds it anew. */
  statistics_bookings: {
    booking_id: string;
    intent_id: string;
    studio: string;
    phone: string | null;
    status: StatisticsBookingStatus;
    /** The format as `statistics_formats` names it. */
    format: string;
    services: Json<{ serviceId: string; name: string; price: number }[]>;
    blocks: Json<{ date: string; cells: string[] }[]>;
    /** The first day it occupies and its length: what the per-day min/max and first visits are recomputed from. */
    first_day: DateText;
    duration_minutes: number;
    total: Int8;
    /** Received minus refunded, from `statistics_money`. */
    net_paid: Int8;
  };
  /** Every payment and refund by intent: what went through makes a booking's `net_paid`. */
  statistics_money: IntentMoneyRow;
}
