import { defineAggregate } from '../aggregate';
import { studioNotificationsStream } from '../contracts/notifications';
import type { Studio } from '../studios';
import { studioNotificationEventSchemas, type StudioNotificationEvent } from './events';

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
