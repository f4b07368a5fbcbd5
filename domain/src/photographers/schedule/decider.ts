import { defineAggregate } from '../../aggregate';
import { photographerScheduleStream } from '../../contracts/streams';
import { DomainError } from '../../errors';
import { weekdayOf } from '../../time/tomsk';
import { photographerScheduleEventSchemas, type PhotographerSchedule, type PhotographerScheduleEvent } from './events';

/** «Фотограф не работает в это время»: the checkout's refusal at `format` outside the schedule. */
export const PHOTOGRAPHER_OFF_MESSAGE = 'Фотограф не работает в это время — выберите другого фотографа или другое время';

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
