import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { studioNotificationsStream } from '../contracts/notifications';
import { studioSchema } from '../primitives';
import type { Studio } from '../studios';

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

export type StudioNotificationCommand =
  | { type: 'SetTelegramChat'; data: { studio: Studio; chatId: string | null } }
  | { type: 'RotateCalendarFeed'; data: { studio: Studio; nonce: string; tokenHash: string } };

export interface StudioNotificationsState {
  telegramChatId: string | null;
  /** Null until the first rotation: the feed's token is then the initial one (INITIAL_FEED_NONCE). */
  feedNonce: string | null;
}

/** What a studio's feed token is derived from before any rotation. */
export const INITIAL_FEED_NONCE = 'initial';

export function decideStudioNotifications(command: StudioNotificationCommand, state: StudioNotificationsState): StudioNotificationEvent[] {
  switch (command.type) {
    case 'SetTelegramChat':
      // Setting what is set already records nothing.
      return state.telegramChatId === command.data.chatId ? [] : [{ type: 'TelegramChatSet', data: command.data }];
    case 'RotateCalendarFeed':
      return state.feedNonce === command.data.nonce ? [] : [{ type: 'CalendarFeedRotated', data: command.data }];
  }
}

/** Updates `state` in place (see Decider.evolve). */
export function evolveStudioNotifications(state: StudioNotificationsState, event: StudioNotificationEvent): StudioNotificationsState {
  if (event.type === 'TelegramChatSet') state.telegramChatId = event.data.chatId;
  else state.feedNonce = event.data.nonce;
  return state;
}

export const studioNotificationsAggregate = defineAggregate({
  name: 'studio-notifications',
  initialState: (): StudioNotificationsState => ({ telegramChatId: null, feedNonce: null }),
  decide: decideStudioNotifications,
  evolve: evolveStudioNotifications,
  events: studioNotificationEventSchemas,
  streamOf: (command: StudioNotificationCommand) => studioNotificationsStream(command.data.studio),
});
