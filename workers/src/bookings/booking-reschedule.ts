import { bookingEventSchemas, studioDayEventSchemas, type BookingEvent, type StudioDayEvent } from '@studio/domain';
import { defineProcess, lapseRescheduleOfHold, settleReschedule, type PaymentProvider } from '@studio/platform';

type Rescheduled = Extract<BookingEvent, { type: 'BookingRescheduled' }>;
type HoldReleased = Extract<StudioDayEvent, { type: 'HoldReleased' }>;

/** A customer's completed move reprices its intent and refunds a cheaper time's difference (settleReschedule, docs/change-policy.md). */
export const bookingReschedule = (payments: PaymentProvider | undefined) =>
  defineProcess<Rescheduled>({
    name: 'booking-reschedule',
    reactsTo: { BookingRescheduled: bookingEventSchemas.BookingRescheduled },
    handle: (event, { commands, context }) => settleReschedule(commands, payments, event.data, context),
  });

/** A move's hold that expired before its difference was paid: the move lapses, the booking keeps its old time. */
export const rescheduleLapse = () =>
  defineProcess<HoldReleased>({
    name: 'reschedule-lapse',
    reactsTo: { HoldReleased: studioDayEventSchemas.HoldReleased },
    handle: (event, { commands, context }) => (event.data.reason === 'expired' ? lapseRescheduleOfHold(commands, event.data, context) : Promise.resolve()),
  });
