import { z } from 'zod';
import { idSchema, isoDateSchema } from '../../primitives';

/*
 * A photographer's working schedule (docs/photographers.md): hours per weekday (Monday first), a
 * weekday without hours is a day off, and single days off. Set by super administrators; a
 * photographer with none set works every day around the clock, as before schedules existed.
 */

export const SCHEDULE_DAYS_OFF_MAX = 100;
export const WEEKDAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'] as const;

/** "HH:00" or "HH:30"; an end may be "24:00". */
const hourSchema = z.string().regex(/^(([01]\d|2[0-3]):(00|30)|24:00)$/, 'время в формате ЧЧ:00 или ЧЧ:30');
export const workingHoursSchema = z
  .object({ start: hourSchema, end: hourSchema })
  .refine(({ start, end }) => start < end, { message: 'Конец рабочего дня должен быть позже начала', path: ['end'] });
export const photographerScheduleSchema = z.object({
  /** Monday to Sunday; null is a day off. */
  weekly: z.array(workingHoursSchema.nullable()).length(7, 'нужны все семь дней недели'),
  daysOff: z
    .array(isoDateSchema)
    .max(SCHEDULE_DAYS_OFF_MAX, `не больше ${SCHEDULE_DAYS_OFF_MAX} выходных дней`)
    .refine((days) => new Set(days).size === days.length, 'один и тот же выходной указан дважды'),
});
export type PhotographerSchedule = z.infer<typeof photographerScheduleSchema>;

export const photographerScheduleEventSchemas = {
  PhotographerScheduleSet: z.object({ photographerId: idSchema, schedule: photographerScheduleSchema, adminId: z.string().max(100).optional() }),
} as const;
export type PhotographerScheduleEvent = { type: 'PhotographerScheduleSet'; data: z.infer<typeof photographerScheduleEventSchemas.PhotographerScheduleSet> };
