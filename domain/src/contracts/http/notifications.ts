import { z } from 'zod';
import { telegramChatIdSchema } from '../../notifications/events';
import { studioSchema } from '../../primitives';

// The back-office's notification settings and the calendar feeds: docs/notifications.md.

/** A studio's secret iCal feed: its URL carries the token, the only thing needed to read it. */
export const calendarFeedSchema = z.object({ studio: studioSchema, url: z.string().max(500) });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/admin/calendar-feeds (admin, super): each studio's feed. */
export const calendarFeedsAnswerSchema = z.object({ success: z.literal(true), feeds: z.array(calendarFeedSchema) });
export type CalendarFeedsAnswer = z.infer<typeof calendarFeedsAnswerSchema>;

/** POST /api/admin/calendar-feeds/{studio}/rotate (super): the feed's new URL; the old one answers 404 from now on. */
export const calendarFeedRotatedAnswerSchema = z.object({ success: z.literal(true), feed: calendarFeedSchema, position: z.string().nullable() });
export type CalendarFeedRotatedAnswer = z.infer<typeof calendarFeedRotatedAnswerSchema>;

/** A studio's staff alerts: the Telegram chat they go to, null when none is set. */
export const studioNotificationSettingsSchema = z.object({ studio: studioSchema, telegramChatId: z.string().nullable() });
export type StudioNotificationSettings = z.infer<typeof studioNotificationSettingsSchema>;

/** GET /api/admin/notification-settings (admin, super): every studio's. */
export const notificationSettingsAnswerSchema = z.object({ success: z.literal(true), settings: z.array(studioNotificationSettingsSchema) });
export type NotificationSettingsAnswer = z.infer<typeof notificationSettingsAnswerSchema>;

/** PUT /api/admin/notification-settings/{studio}/telegram (super): `chatId` blank or null turns the alerts off. */
export const telegramChatRequestSchema = z.object({
  chatId: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), telegramChatIdSchema.nullable()),
});
export type TelegramChatRequest = z.input<typeof telegramChatRequestSchema>;

export const telegramChatAnswerSchema = z.object({ success: z.literal(true), settings: studioNotificationSettingsSchema, position: z.string().nullable() });
export type TelegramChatAnswer = z.infer<typeof telegramChatAnswerSchema>;

/** The feed's path: GET /api/calendar-feeds/{token}.ics, text/calendar, no session; a token no studio has is a 404. */
export const CALENDAR_FEED_PATH = '/api/calendar-feeds';
/** GET /api/bookings/{id}/calendar.ics: the signed-in customer's own booking as a file (the cabinet's «Добавить в календарь»). */
export const bookingCalendarPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
export const calendarFeedUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}${CALENDAR_FEED_PATH}/${token}.ics`;
