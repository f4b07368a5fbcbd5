import {
  bookingAggregate,
  bookingEventSchemas,
  bookingStream,
  contiguousRanges,
  formatRoubles,
  kopecksToRoubles,
  russianDate,
  STUDIO_NAMES,
  type BookingEvent,
  type BookingPlaced,
} from '@studio/domain';
import { defineProcess, type MailMessage, type OnceSender } from '@studio/platform';

type Confirmed = Extract<BookingEvent, { type: 'BookingConfirmed' }>;

export const confirmationMailKey = (bookingId: string) => `booking-confirmed:${bookingId}`;

/** The e-mail that tells the payer a booking is confirmed: studio, each day's time ranges, what was paid, and the cabinet. */
export function confirmationMail(booking: BookingPlaced, paidKopecks: number, siteUrl: string): Pick<MailMessage, 'subject' | 'text'> {
  const days = [...booking.blocks]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((block) => `${russianDate(block.date)}: ${contiguousRanges(block.cells).map(({ start, end }) => `${start}–${end}`).join(', ')}`);
  const text = [
    `Здравствуйте, ${booking.customer.name}!`,
    '',
    `Ваше бронирование студии «${STUDIO_NAMES[booking.studio]}» подтверждено.`,
    '',
    ...days,
    '',
    `Оплачено: ${formatRoubles(kopecksToRoubles(paidKopecks))} из ${formatRoubles(kopecksToRoubles(booking.price.total))}`,
    '',
    `Ваши бронирования: ${siteUrl.replace(/\/$/, '')}/dashboard`,
  ].join('\n');
  return { subject: 'Бронирование подтверждено', text };
}

/**
 * One confirmation e-mail per confirmed booking, a guest's or a customer's, to the booking's e-mail.
 * A failed send is retried with backoff (the process runtime hands the event over again); the mail
 * port's dedupe key `booking-confirmed:{bookingId}` keeps a repeat from sending a second one.
 */
export const bookingConfirmationMail = (mail: OnceSender<MailMessage>, siteUrl: string) =>
  defineProcess<Confirmed>({
    name: 'booking-confirmation-mail',
    reactsTo: { BookingConfirmed: bookingEventSchemas.BookingConfirmed },
    async handle(event, { commands }) {
      const { bookingId, paid } = event.data;
      const { booking } = (await commands.read(bookingAggregate, bookingStream(bookingId))).state;
      if (!booking) throw new Error(`Booking ${bookingId} was confirmed but never placed`);
      await mail.send({ to: booking.customer.email, ...confirmationMail(booking, paid, siteUrl), dedupeKey: confirmationMailKey(bookingId) });
    },
  });
