import { STUDIO_NOTIFICATIONS_STREAM_PREFIX, studioNotificationEventSchemas, type NotificationsTables, type StudioNotificationEvent } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

/** Each studio's staff Telegram chat and its calendar feed's nonce, for the back-office and the feed (docs/notifications.md). */
export const notificationsProjection: ProjectionDefinition<NotificationsTables> = {
  name: 'notifications',
  version: 1,
  tables: {
    studio_notification_settings: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        studio text PRIMARY KEY,
        telegram_chat_id text,
        feed_nonce text,
        updated_at timestamptz NOT NULL
      )`,
    ],
  },
  apply: applyFrom<NotificationsTables>(
    eventSource({
      streams: STUDIO_NOTIFICATIONS_STREAM_PREFIX,
      events: studioNotificationEventSchemas,
      apply: async (trx, event: StudioNotificationEvent, { createdAt: at }) => {
        const values = event.type === 'TelegramChatSet' ? { telegram_chat_id: event.data.chatId } : { feed_nonce: event.data.nonce };
        await trx
          .insertInto('studio_notification_settings')
          .values({ studio: event.data.studio, telegram_chat_id: null, feed_nonce: null, ...values, updated_at: at })
          .onConflict((oc) => oc.column('studio').doUpdateSet({ ...values, updated_at: at }))
          .execute();
      },
    }),
  ),
};
