import {
  bookingAggregate,
  bookingStart,
  bookingStream,
  lastReminderDay,
  reminderDue,
  reminderKey,
  reminderText,
  tomskToday,
  type BookingBlock,
} from '@studio/domain';
import { DeliveryInProgress, type Messaging } from '@studio/platform';
import type { WorkerDeps } from '../job-runtime';

// Booking reminders: docs/notifications.md («Напоминания»).

export const SEND_REMINDERS_SCHEDULER_ID = 'send-due-reminders';
/** How often the due reminders are looked for: a reminder goes out at most this late. */
export const SEND_REMINDERS_EVERY_MS = 60_000;
const BATCH = 500;

export interface ReminderDeps extends Pick<WorkerDeps, 'pool' | 'clock' | 'commands'> {
  messaging: Pick<Messaging, 'sms' | 'mail'>;
  siteUrl: string;
  /** REMINDER_HOURS: how long before its start a booking is reminded of. */
  reminderHours: number;
}

export interface RemindersSent {
  sms: number;
  email: number;
}

/**
 * Sends the SMS and the e-mail of every confirmed booking whose reminder is due now (reminderDue),
 * each once per booking, start and channel: the key names the start, so a moved booking gets its
 * new time's reminder and never the old one's, and the delivery ledger (`message_deliveries`) keeps
 * a repeat, a restart or a second worker from sending it twice. Candidates come from the bookings
 * read model; each is read again from its stream before it is sent, so one cancelled or moved since
 * the read model last looked is judged by what it is now.
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<RemindersSent> {
  const now = deps.clock.now();
  const { rows } = await deps.pool.query<{ booking_id: string; blocks: BookingBlock[]; customer_phone: string; customer_email: string }>(
    `SELECT booking_id, blocks, customer_phone, customer_email FROM bookings
      WHERE status = 'confirmed' AND NOT technical
        AND (SELECT min(b->>'date') FROM jsonb_array_elements(blocks) b) BETWEEN $1 AND $2
        -- A multi-slot staff creation (one booking per half hour, one group) is reminded once, by its earliest booking still confirmed.
        AND (group_id IS NULL OR booking_id = (
          SELECT g.booking_id FROM bookings g
           WHERE g.group_id = bookings.group_id AND g.status = 'confirmed'
           ORDER BY (SELECT min((b->>'date') || 'T' || c) FROM jsonb_array_elements(g.blocks) b, jsonb_array_elements_text(b->'cells') c), g.booking_id
           LIMIT 1))
      ORDER BY booking_id LIMIT ${BATCH}`,
    [tomskToday(now), lastReminderDay(now, deps.reminderHours)],
  );
  const sent: RemindersSent = { sms: 0, email: 0 };
  for (const row of rows) {
    const seen = bookingStart(row.blocks);
    if (!reminderDue(seen.at, now, deps.reminderHours)) continue;
    try {
      if (await remindedOf(deps, row, seen)) continue;
      await remindOf(deps, row.booking_id, now, sent);
    } catch (error) {
      // Another run is sending it this very moment: the next run sees how that ended.
      if (!(error instanceof DeliveryInProgress)) throw error;
    }
  }
  return sent;
}

/** Whether every channel the booking has a contact for has had its reminder of this start: then its stream need not be read. */
async function remindedOf(deps: ReminderDeps, row: { booking_id: string; customer_phone: string; customer_email: string }, start: { date: string; time: string }): Promise<boolean> {
  const { sms, mail } = deps.messaging;
  return (!row.customer_phone || (await sms.wasSent(reminderKey('sms', row.booking_id, start)))) && (!row.customer_email || (await mail.wasSent(reminderKey('email', row.booking_id, start))));
}

async function remindOf(deps: ReminderDeps, bookingId: string, now: Date, sent: RemindersSent): Promise<void> {
  const { sms, mail } = deps.messaging;
  const { booking, status } = (await deps.commands.read(bookingAggregate, bookingStream(bookingId))).state;
  if (!booking || status !== 'confirmed') return;
  const start = bookingStart(booking.blocks);
  if (!reminderDue(start.at, now, deps.reminderHours)) return;
  const text = reminderText(booking.studio, start, now, deps.siteUrl, booking.customer.name);
  const { phone, email } = booking.customer;
  if (phone && (await sms.send({ to: `+${phone}`, text: text.sms, dedupeKey: reminderKey('sms', bookingId, start) })) === 'sent') sent.sms += 1;
  if (email && (await mail.send({ to: email, subject: text.subject, text: text.email, dedupeKey: reminderKey('email', bookingId, start) })) === 'sent') sent.email += 1;
}
