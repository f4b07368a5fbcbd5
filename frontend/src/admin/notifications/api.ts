import {
  calendarFeedRotatedAnswerSchema,
  calendarFeedsAnswerSchema,
  notificationSettingsAnswerSchema,
  telegramChatAnswerSchema,
  type CalendarFeed,
  type CalendarFeedRotatedAnswer,
  type StudioNotificationSettings,
  type Studio,
  type TelegramChatAnswer,
} from '@studio/domain';
import { readStaffList, sendListWrite } from '../staff-list';

// The «Уведомления» tab's calls: docs/notifications.md.

export const NOTIFICATIONS_MESSAGES = {
  loadFailed: 'Ошибка загрузки настроек уведомлений',
  copied: 'Адрес скопирован',
  copyFailed: 'Не удалось скопировать: выделите адрес и скопируйте его вручную',
  rotated: 'Адрес календаря сменён: старый больше не работает',
  rotateFailed: 'Не удалось сменить адрес календаря',
  chatSaved: 'Чат сохранён',
  chatCleared: 'Оповещения в Telegram выключены',
  chatFailed: 'Не удалось сохранить чат',
} as const;

export const notificationsKey = ['admin-notifications'] as const;

export interface NotificationsView {
  feeds: CalendarFeed[];
  settings: StudioNotificationSettings[];
}

/** GET /api/admin/calendar-feeds and GET /api/admin/notification-settings, together. */
export async function fetchNotifications(signal: AbortSignal): Promise<NotificationsView> {
  const [feeds, settings] = await Promise.all([
    readStaffList('/api/admin/calendar-feeds', calendarFeedsAnswerSchema, signal),
    readStaffList('/api/admin/notification-settings', notificationSettingsAnswerSchema, signal),
  ]);
  return { feeds: feeds.feeds, settings: settings.settings };
}

/** POST /api/admin/calendar-feeds/{studio}/rotate (super). */
export const rotateFeed = (studio: Studio): Promise<CalendarFeedRotatedAnswer> =>
  sendListWrite('POST', `/api/admin/calendar-feeds/${studio}/rotate`, {}, calendarFeedRotatedAnswerSchema);

/** PUT /api/admin/notification-settings/{studio}/telegram (super); blank turns the alerts off. */
export const saveTelegramChat = (studio: Studio, chatId: string): Promise<TelegramChatAnswer> =>
  sendListWrite('PUT', `/api/admin/notification-settings/${studio}/telegram`, { chatId }, telegramChatAnswerSchema);
