import { STUDIO_ADDRESSES, STUDIO_NAMES, type Studio } from '../studios';
import { daysBetween, tomskInstant, tomskToday } from '../time/tomsk';

// The rules of booking reminders: docs/notifications.md («Напоминания»).

/** How long before its start a confirmed booking is reminded of, unless REMINDER_HOURS says otherwise. */
export const DEFAULT_REMINDER_HOURS = 24;
/** A booking that starts sooner than this gets no reminder: it was made at the last minute, or the time to remind has passed. */
export const REMINDER_MIN_LEAD_MINUTES = 120;

/** The first cell of a booking's earliest day, as an instant: what a reminder is about. */
export function bookingStart(blocks: readonly { date: string; cells: readonly string[] }[]): { date: string; time: string; at: Date } {
  const first = [...blocks].sort((a, b) => a.date.localeCompare(b.date))[0];
  if (!first) throw new Error('A booking has at least one day');
  const time = [...first.cells].sort()[0]!;
  return { date: first.date, time, at: tomskInstant(first.date, time) };
}

/**
 * Whether a booking starting at `start` is to be reminded of now: from `hours` before its start
 * (at once, for one confirmed later than that) until REMINDER_MIN_LEAD_MINUTES before it.
 */
export function reminderDue(start: Date, now: Date, hours: number): boolean {
  const lead = start.getTime() - now.getTime();
  return lead <= hours * 3_600_000 && lead > REMINDER_MIN_LEAD_MINUTES * 60_000;
}

/** The last day whose bookings may be due for a reminder now: what the reminder job looks at. */
export const lastReminderDay = (now: Date, hours: number) => tomskToday(new Date(now.getTime() + hours * 3_600_000));

/** «сегодня», «завтра», else DD.MM, in Tomsk. */
export function reminderDay(date: string, now: Date): string {
  const days = daysBetween(tomskToday(now), date);
  if (days === 0) return 'сегодня';
  if (days === 1) return 'завтра';
  return `${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

/** One key per booking, start and channel: a moved booking is reminded of its new time, once. */
export const reminderKey = (channel: 'sms' | 'email', bookingId: string, start: { date: string; time: string }) => `booking-reminder-${channel}:${bookingId}:${start.date}T${start.time}`;

export interface ReminderText {
  subject: string;
  sms: string;
  email: string;
}

/** The reminder's texts: studio, day, start time, address, and links to the rules and the cabinet. */
export function reminderText(studio: Studio, start: { date: string; time: string }, now: Date, siteUrl: string, name = ''): ReminderText {
  const site = siteUrl.replace(/\/$/, '');
  const when = `${reminderDay(start.date, now)} в ${start.time}`;
  const rules = `${site}/${studio}/rules`;
  const cabinet = `${site}/dashboard`;
  return {
    subject: `Напоминание: студия «${STUDIO_NAMES[studio]}» ${when}`,
    sms: `Ждём вас ${when} в студии «${STUDIO_NAMES[studio]}»: ${STUDIO_ADDRESSES[studio]}. Правила: ${rules} Бронирования: ${cabinet}`,
    email: [
      `Здравствуйте${name ? `, ${name}` : ''}!`,
      '',
      `Напоминаем о бронировании студии «${STUDIO_NAMES[studio]}»: ${when}.`,
      `Адрес: ${STUDIO_ADDRESSES[studio]}`,
      '',
      `Правила студии: ${rules}`,
      `Ваши бронирования: ${cabinet}`,
    ].join('\n'),
  };
}
