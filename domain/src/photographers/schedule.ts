import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { photographerScheduleStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema, isoDateSchema } from '../primitives';
import { weekdayOf } from '../time/tomsk';

/*
 * A photographer's working schedule (docs/photographers.md): hours per weekday (Monday first), a
 * weekday without hours is a day off, and single days off. Set by super administrators; a
 * photographer with none set works every day around the clock, as before schedules existed.
 */

/** «Фотограф не работает в это время»: the checkout's refusal at `format` outside the schedule. */
export const PHOTOGRAPHER_OFF_MESSAGE = 'Фотограф не работает в это время — выберите другого фотографа или другое время';
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
export type PhotographerScheduleCommand = { type: 'SetPhotographerSchedule'; data: { photographerId: string; schedule: PhotographerSchedule; adminId?: string } };
export interface PhotographerScheduleState {
  schedule: PhotographerSchedule | null;
}

/** The working hours of `date` (Monday = 0), or null on a day off. */
export function workingHoursOn(schedule: PhotographerSchedule | null, date: string): { start: string; end: string } | null {
  if (!schedule) return { start: '00:00', end: '24:00' };
  if (schedule.daysOff.includes(date)) return null;
  return schedule.weekly[(weekdayOf(date) + 6) % 7] ?? null;
}

/** Whether every half-hour cell starting at `cells` on `date` lies within the photographer's working hours. */
export function worksDuring(schedule: PhotographerSchedule | null, date: string, cells: readonly string[]): boolean {
  const hours = workingHoursOn(schedule, date);
  return hours !== null && cells.every((cell) => cell >= hours.start && cell < hours.end);
}

export function refuseOffSchedule(schedule: PhotographerSchedule | null, days: readonly { date: string; cells: readonly string[] }[]): void {
  if (days.some(({ date, cells }) => !worksDuring(schedule, date, cells))) throw new DomainError('conflict', 'photographer_off', PHOTOGRAPHER_OFF_MESSAGE, 'format');
}

export const photographerScheduleAggregate = defineAggregate({
  name: 'photographer-schedule',
  initialState: (): PhotographerScheduleState => ({ schedule: null }),
  decide: ({ data }: PhotographerScheduleCommand, state: PhotographerScheduleState): PhotographerScheduleEvent[] => {
    const schedule = { weekly: data.schedule.weekly, daysOff: [...data.schedule.daysOff].sort() };
    if (JSON.stringify(schedule) === JSON.stringify(state.schedule)) return [];
    return [{ type: 'PhotographerScheduleSet', data: { photographerId: data.photographerId, schedule, ...(data.adminId ? { adminId: data.adminId } : {}) } }];
  },
  evolve: (_state: PhotographerScheduleState, event: PhotographerScheduleEvent): PhotographerScheduleState => ({ schedule: event.data.schedule }),
  events: photographerScheduleEventSchemas,
  streamOf: (command) => photographerScheduleStream(command.data.photographerId),
});
