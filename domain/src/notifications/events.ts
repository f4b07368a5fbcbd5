import { z } from 'zod';
import { studioSchema } from '../primitives';

// A studio's notification settings: docs/notifications.md.

/** A Telegram chat id (a number; a group's is negative) or a public channel's @name. */
export const telegramChatIdSchema = z
  .string()
  .trim()
  .max(40, 'не длиннее 40 символов')
  .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, 'укажите числовой id чата или @имя канала');

export const studioNotificationEventSchemas = {
  /** Staff alerts of the studio go to this chat from now on; null turns them off. The actor is who set it. */
  TelegramChatSet: z.object({ studio: studioSchema, chatId: telegramChatIdSchema.nullable() }),
  /**
   * The studio's calendar feed got a new token: the old URL stops working. `nonce` is what the token
   * is derived from with the server's secret (calendarFeedToken); `tokenHash` its SHA-256 (hex), the
   * only form of the token ever stored.
   */
  CalendarFeedRotated: z.object({ studio: studioSchema, nonce: z.string().regex(/^[0-9a-f]{32}$/), tokenHash: z.string().regex(/^[0-9a-f]{64}$/) }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type StudioNotificationEvent = EventUnion<typeof studioNotificationEventSchemas>;
