import {
  BOOKING_ALERT_EVENTS,
  bookingAggregate,
  bookingAlertText,
  bookingEventSchemas,
  bookingStream,
  cellsOfRange,
  studioNotificationsAggregate,
  studioNotificationsStream,
  type BookingAlertEvent,
} from '@studio/domain';
import { defineProcess, type OnceSender, type ProcessManager, type TelegramMessage } from '@studio/platform';

// Staff alerts in Telegram: docs/notifications.md («Оповещения в Telegram»).

/** One alert per booking event; one per group for a multi-slot staff creation (one booking per half hour). */
export const staffAlertKey = (eventId: string) => `telegram-alert:${eventId}`;
const groupAlertKey = (groupId: string) => `telegram-alert:group:${groupId}`;

/** The schemas of the events in BOOKING_ALERT_EVENTS, as the process runtime wants them. */
const reactsTo = Object.fromEntries(Object.keys(BOOKING_ALERT_EVENTS).map((type) => [type, bookingEventSchemas[type as BookingAlertEvent['type']]])) as unknown as ProcessManager<BookingAlertEvent>['reactsTo'];

/** Cancellations staff hear of: a person's, of a booking that was firm. An unpaid checkout that lapsed is no news. */
const ALERTED_CANCELLATIONS = new Set(['customer', 'staff']);

/**
 * Tells the studio's staff chat of every booking confirmed, cancelled or moved (BOOKING_ALERT_EVENTS),
 * once per event (the Telegram port's dedupe key names the event). A studio with no chat set hears
 * nothing, and a technical booking (the studio blocked by staff) is no news either.
 */
export const staffTelegramAlerts = (telegram: OnceSender<TelegramMessage>) =>
  defineProcess<BookingAlertEvent>({
    name: 'staff-telegram-alerts',
    reactsTo,
    async handle(event, { commands }) {
      if (event.type === 'BookingCreatedByStaff' && event.data.technical) return;
      if (event.type === 'BookingCanceled' && !ALERTED_CANCELLATIONS.has(event.data.reason)) return;
      const { booking, paid } = (await commands.read(bookingAggregate, bookingStream(event.data.bookingId))).state;
      if (!booking) return;
      const { telegramChatId } = (await commands.read(studioNotificationsAggregate, studioNotificationsStream(booking.studio))).state;
      if (!telegramChatId) return;
      // A staff move may leave several days; a customer's reschedule (docs/change-policy.md) leaves one.
      const moved = event.type === 'BookingMoved' ? event.data : event.type === 'BookingRescheduled' ? { to: event.data.to, from: [event.data.from] } : undefined;
      // A multi-slot creation's bookings come one per half hour, the first one first: it speaks for the group, its e-mail segments (when asked) for every slot.
      const groupId = event.type === 'BookingCreatedByStaff' ? event.data.groupId : undefined;
      const segments = event.type === 'BookingCreatedByStaff' ? event.data.emailConfirmation?.segments : undefined;
      const blocks = moved ? [moved.to] : groupId && segments ? segments.map(({ date, start, end }) => ({ date, cells: cellsOfRange(start, end) })) : booking.blocks;
      const text = bookingAlertText(BOOKING_ALERT_EVENTS[event.type], { ...booking, blocks, paid }, { ...(moved ? { movedFrom: moved.from } : {}), group: Boolean(groupId) });
      await telegram.send({ to: telegramChatId, text, dedupeKey: groupId ? groupAlertKey(groupId) : staffAlertKey(event.id) });
    },
  });
