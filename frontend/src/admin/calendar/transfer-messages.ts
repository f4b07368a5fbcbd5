import { MOVE_OUTSIDE_DAY_MESSAGE, MOVE_TARGET_TAKEN_MESSAGE } from '@studio/domain';

/** docs/admin-calendar.md#rules «Transfer» and docs/admin-calendar.md#messages «Transfer»; the conflict and the day's bounds are the server's own words. */
export const TRANSFER_MESSAGES = {
  nothingChosen: 'Не выбраны интервалы для переноса',
  badDuration: 'Не удалось определить длительность выбранных интервалов',
  busyHalf: 'Эта половина уже занята. Выберите свободную.',
  taken: MOVE_TARGET_TAKEN_MESSAGE,
  outsideDay: MOVE_OUTSIDE_DAY_MESSAGE,
  failed: (message: string) => `Ошибка при переносе брони: ${message}`,
  moveFailed: (bookingId: string) => `Не удалось перенести бронь #${bookingId}`,
  leftoverFailed: (bookingId: string) => `Не удалось удалить исходный интервал #${bookingId}`,
  transferred: 'Бронь успешно перенесена',
  leftoversDeleted: ', а оставшиеся интервалы удалены',
} as const;
