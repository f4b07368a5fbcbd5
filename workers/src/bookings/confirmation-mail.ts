import {
  bookingAggregate,
  bookingEventSchemas,
  bookingStream,
  contiguousRanges,
  formatRoubles,
  kopecksToRoubles,
  russianDate,
  STUDIO_NAMES,
  type BookingCreatedByStaff,
  type BookingEvent,
  type BookingRecord,
  type MailSegment,
  type Studio,
} from '@studio/domain';
import { bookingCalendarFile, defineProcess, type MailAttachment, type MailMessage, type OnceSender } from '@studio/platform';

type Confirmed = Extract<BookingEvent, { type: 'BookingConfirmed' | 'BookingCreatedByStaff' }>;

/** One key per booking, whichever way it became firm, so a booking is never confirmed by e-mail twice. */
export const confirmationMailKey = (bookingId: string) => `booking-confirmed:${bookingId}`;

type Mail = Pick<MailMessage, 'subject' | 'text'>;

/** The booking as an .ics file, so the customer adds it to a calendar in one tap (docs/notifications.md). */
export function bookingIcsAttachment(booking: { bookingId: string; studio: Studio; blocks: readonly { date: string; cells: readonly string[] }[]; customerName: string }, at: Date): MailAttachment {
  return {
    filename: 'booking.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: bookingCalendarFile({ ...booking, format: 'self', cancelled: false, changedAt: at }),
  };
}

function mailOf(name: string, studio: Studio, dayLines: string[], moneyLines: string[], siteUrl: string): Mail {
  const text = [
    `Здравствуйте${name ? `, ${name}` : ''}!`,
    '',
    `Ваше бронирование студии «${STUDIO_NAMES[studio]}» подтверждено.`,
    '',
    ...dayLines,
    '',
    ...moneyLines,
    `Ваши бронирования: ${siteUrl.replace(/\/$/, '')}/dashboard`,
  ].join('\n');
  return { subject: 'Бронирование подтверждено', text };
}

/** The e-mail that tells the payer a booking is confirmed: studio, each day's time ranges, what was paid, and the cabinet. */
export function confirmationMail(booking: Pick<BookingRecord, 'studio' | 'customer' | 'blocks' | 'price'>, paidKopecks: number, siteUrl: string): Mail {
  const days = [...booking.blocks]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((block) => `${russianDate(block.date)}: ${contiguousRanges(block.cells).map(({ start, end }) => `${start}–${end}`).join(', ')}`);
  const paid = `Оплачено: ${formatRoubles(kopecksToRoubles(paidKopecks))} из ${formatRoubles(kopecksToRoubles(booking.price.total))}`;
  return mailOf(booking.customer.name, booking.studio, days, [paid, ''], siteUrl);
}

/**
 * The e-mail staff asked for when they booked: the ranges they listed (a multi-slot creation sends
 * one e-mail for all its half hours, from its first booking). No money line: each half hour of such a
 * creation is a booking of its own price, and the one carrying the e-mail does not know the others'.
 */
export function staffConfirmationMail(booking: Pick<BookingCreatedByStaff, 'studio' | 'customer'>, segments: readonly MailSegment[], siteUrl: string): Mail {
  const byDate = new Map<string, string[]>();
  for (const { date, start, end } of [...segments].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start))) {
    byDate.set(date, [...(byDate.get(date) ?? []), `${start}–${end}`]);
  }
  const days = [...byDate].map(([date, ranges]) => `${russianDate(date)}: ${ranges.join(', ')}`);
  return mailOf(booking.customer.name, booking.studio, days, [], siteUrl);
}

/**
 * One confirmation e-mail per booking: a guest's or a customer's once paid, to the booking's
 * e-mail; a staff booking's when staff asked for it, at once (it is firm from the start). A failed
 * send is retried with backoff (the process runtime hands the event over again); the mail port's
 * dedupe key `booking-confirmed:{bookingId}` keeps a repeat from sending a second one.
 */
export const bookingConfirmationMail = (mail: OnceSender<MailMessage>, siteUrl: string) =>
  defineProcess<Confirmed>({
    name: 'booking-confirmation-mail',
    reactsTo: { BookingConfirmed: bookingEventSchemas.BookingConfirmed, BookingCreatedByStaff: bookingEventSchemas.BookingCreatedByStaff },
    async handle(event, { commands }) {
      const dedupeKey = confirmationMailKey(event.data.bookingId);
      if (event.type === 'BookingCreatedByStaff') {
        const asked = event.data.emailConfirmation;
        const attachments = [bookingIcsAttachment({ ...event.data, customerName: event.data.customer.name }, event.createdAt)];
        if (asked) await mail.send({ to: asked.email, ...staffConfirmationMail(event.data, asked.segments, siteUrl), attachments, dedupeKey });
        return;
      }
      const { bookingId, paid } = event.data;
      const { booking } = (await commands.read(bookingAggregate, bookingStream(bookingId))).state;
      if (!booking) throw new Error(`Booking ${bookingId} was confirmed but never placed`);
      const attachments = [bookingIcsAttachment({ ...booking, customerName: booking.customer.name }, event.createdAt)];
      await mail.send({ to: booking.customer.email, ...confirmationMail(booking, paid, siteUrl), attachments, dedupeKey });
    },
  });
