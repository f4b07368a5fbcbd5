import { photographerDayAnswerSchema, photographerScheduleAnswerSchema, type PhotographerDayRow, type PhotographerSchedule } from '@studio/domain';
import { sendStaffCommand } from '../staff-calls';
import { readStaffList } from '../staff-list';

/** The photographers' time in the back-office (docs/photographers.md). */
export const PHOTOGRAPHER_TIME_MESSAGES = {
  dayFailed: 'Не удалось загрузить занятость фотографов',
  scheduleFailed: 'Не удалось сохранить график',
  scheduleSaved: (name: string) => `График фотографа «${name}» сохранён`,
  noPhotographers: 'Фотографов пока нет',
  dayOff: 'Выходной',
} as const;

export const photographersDayKey = (date: string) => ['admin-photographers-day', date] as const;

/** GET /api/admin/photographers/day?date=: each photographer's hours and bookings that day. */
export const fetchPhotographersDay = async (date: string, signal: AbortSignal): Promise<PhotographerDayRow[]> =>
  (await readStaffList(`/api/admin/photographers/day?${new URLSearchParams({ date })}`, photographerDayAnswerSchema, signal)).data;

/** PUT /api/photographers/{id}/schedule (super only). */
export const saveSchedule = (id: string, schedule: PhotographerSchedule) =>
  sendStaffCommand('PUT', `/api/photographers/${encodeURIComponent(id)}/schedule`, schedule, photographerScheduleAnswerSchema, PHOTOGRAPHER_TIME_MESSAGES.scheduleFailed);
