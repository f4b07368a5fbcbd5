/** The notifications queue: the workers' periodic look for due booking reminders (docs/notifications.md). */
export const NOTIFICATIONS_QUEUE = 'notifications';
export const SEND_REMINDERS_JOB = 'send-due-reminders';

/** Each studio's notification settings (its staff Telegram chat, its calendar feed's token) are one stream. */
export const STUDIO_NOTIFICATIONS_STREAM_PREFIX = 'studio-notifications-';
export const studioNotificationsStream = (studio: string) => `${STUDIO_NOTIFICATIONS_STREAM_PREFIX}${studio}`;
