import { bookingEventSchemas, type BookingEvent } from '@studio/domain';
import { defineProcess, settleCancellation, type PaymentProvider } from '@studio/platform';

type Canceled = Extract<BookingEvent, { type: 'BookingCanceled' }>;

/** A booking cancelled by its customer or by staff gives back what it held (settleCancellation, in platform's workflows). */
export const bookingCancellation = (payments: PaymentProvider | undefined) =>
  defineProcess<Canceled>({
    name: 'booking-cancellation',
    reactsTo: { BookingCanceled: bookingEventSchemas.BookingCanceled },
    handle: (event, { commands, context }) => settleCancellation(commands, payments, event.data, context),
  });
