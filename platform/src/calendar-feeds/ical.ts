import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { bookingStart, contiguousRanges, DEFAULT_FORMATS, STUDIO_ADDRESSES, STUDIO_NAMES, tomskInstant, type ShootingFormatKind, type Studio } from '@studio/domain';

// iCalendar (RFC 5545) for the calendar feeds and the confirmation e-mail: docs/notifications.md.

const PROD_ID = { company: 'studio-booking', product: 'bookings', language: 'RU' };

/** A booking as a calendar shows it. */
export interface CalendarBooking {
  bookingId: string;
  studio: Studio;
  blocks: readonly { date: string; cells: readonly string[] }[];
  customerName: string;
  format: ShootingFormatKind;
  technical?: boolean;
  cancelled: boolean;
  /** When it last changed: the event's DTSTAMP, so an unchanged booking reads the same every time. */
  changedAt: Date;
}

/** From the first cell of its earliest day to the end of its latest one's last range. */
function span(blocks: CalendarBooking['blocks']): { start: Date; end: Date } {
  const ends = blocks.flatMap((block) => contiguousRanges(block.cells).map(({ end }) => tomskInstant(block.date, end).getTime()));
  return { start: bookingStart(blocks).at, end: new Date(Math.max(...ends)) };
}

/** The stable UID of a booking's VEVENT: the same in every feed read and in its e-mail's .ics, so calendars update it in place. */
export const bookingEventUid = (bookingId: string) => `${bookingId}@studio-booking`;

function addBooking(calendar: ReturnType<typeof ical>, booking: CalendarBooking, summary: string) {
  calendar.createEvent({
    id: bookingEventUid(booking.bookingId),
    ...span(booking.blocks),
    stamp: booking.changedAt,
    summary,
    location: `Фотостудия «${STUDIO_NAMES[booking.studio]}», ${STUDIO_ADDRESSES[booking.studio]}`,
    status: booking.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** A studio's staff feed: one VEVENT per booking, its summary the customer's name and the format; a cancelled one STATUS:CANCELLED. */
export function studioCalendar(studio: Studio, bookings: readonly CalendarBooking[]): string {
  const calendar = ical({ name: `Бронирования: ${STUDIO_NAMES[studio]}`, prodId: PROD_ID, ttl: 15 * 60 });
  for (const booking of bookings) {
    addBooking(calendar, booking, booking.technical ? 'Технический блок' : `${booking.customerName || 'Без имени'} — ${DEFAULT_FORMATS[booking.format].name}`);
  }
  return calendar.toString();
}

/** The customer's booking as an .ics file (the confirmation e-mail's attachment), to add to their own calendar. */
export function bookingCalendarFile(booking: CalendarBooking): string {
  const calendar = ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  addBooking(calendar, booking, `Фотостудия «${STUDIO_NAMES[booking.studio]}»`);
  return calendar.toString();
}
