import { sql, type Kysely, type Selectable } from 'kysely';
import { addDays, SHOOTING_FORMATS, tomskToday, type BookingBlock, type ReadModels, type Studio } from '@studio/domain';
import { studioCalendar, type CalendarBooking } from '@studio/platform';

/** How far back a feed goes: calendars keep what they saw, and an old booking changes no more. */
const FEED_PAST_DAYS = 60;
/** The most bookings one feed lists (the latest first), so a feed stays a quick read. */
const FEED_MAX_BOOKINGS = 5000;

const formatOf = (kind: string) => SHOOTING_FORMATS.find((format) => format === kind) ?? 'self';

/**
 * The studio's feed: its bookings that were ever firm (confirmed or completed, and cancelled ones that
 * had been: paid, or made by staff), whose last day is at most FEED_PAST_DAYS ago. A checkout that
 * lapsed unpaid never held the hall and is left out.
 */
export async function feedBookings(db: Kysely<ReadModels>, studio: Studio, now: Date): Promise<string> {
  const rows = await db
    .selectFrom('bookings')
    .select(['booking_id', 'blocks', 'customer_name', 'format', 'technical', 'status', 'updated_at'])
    .where('studio', '=', studio)
    .where((eb) =>
      eb.or([eb('status', 'in', ['confirmed', 'completed']), eb.and([eb('status', '=', 'canceled'), eb.or([eb('paid', '>', sql<string>`0`), eb('created_by', '=', 'staff')])])]),
    )
    .where(sql<boolean>`(SELECT max(b->>'date') FROM jsonb_array_elements(blocks) b) >= ${addDays(tomskToday(now), -FEED_PAST_DAYS)}`)
    .orderBy('placed_at', 'desc')
    .limit(FEED_MAX_BOOKINGS)
    .execute();
  return studioCalendar(
    studio,
    rows.map((row) => calendarBookingOf(row, studio)),
  );
}

type BookingRow = Pick<Selectable<ReadModels['bookings']>, 'booking_id' | 'blocks' | 'customer_name' | 'format' | 'technical' | 'status' | 'updated_at'>;

/** A bookings read-model row as a calendar shows it. */
export const calendarBookingOf = (row: BookingRow, studio: Studio): CalendarBooking => ({
  bookingId: row.booking_id,
  studio,
  blocks: row.blocks as BookingBlock[],
  customerName: row.customer_name,
  format: formatOf(row.format.kind),
  technical: row.technical,
  cancelled: row.status === 'canceled',
  changedAt: row.updated_at,
});
