import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { spec } from '../../testing/decider-spec';
import { PHOTOGRAPHER_OFF_MESSAGE, photographerScheduleAggregate, refuseOffSchedule, workingHoursOn, type PhotographerScheduleCommand } from './decider';
import { photographerScheduleSchema, type PhotographerSchedule, type PhotographerScheduleEvent } from './events';

const schedule = spec(photographerScheduleAggregate.decider);
const nineToSix = { start: '09:00', end: '18:00' };
/** Monday to Friday 09:00–18:00, weekends off, and 2026-12-31 off. */
const weekdays: PhotographerSchedule = { weekly: [nineToSix, nineToSix, nineToSix, nineToSix, nineToSix, null, null], daysOff: ['2026-12-31'] };
const set = (value: PhotographerSchedule, adminId?: string): PhotographerScheduleCommand => ({
  type: 'SetPhotographerSchedule',
  data: { photographerId: 'anna', schedule: value, ...(adminId ? { adminId } : {}) },
});
const wasSet = (value: PhotographerSchedule, adminId?: string): PhotographerScheduleEvent => ({
  type: 'PhotographerScheduleSet',
  data: { photographerId: 'anna', schedule: value, ...(adminId ? { adminId } : {}) },
});

describe("a photographer's schedule", () => {
  it('is set with its days off sorted, naming the administrator who set it', () => {
    const unsorted = { ...weekdays, daysOff: ['2026-12-31', '2026-12-30'] };
    schedule.given([]).when(set(unsorted, 'admin-1')).then([wasSet({ ...weekdays, daysOff: ['2026-12-30', '2026-12-31'] }, 'admin-1')]);
  });

  it('set again unchanged records nothing; a change records the new one', () => {
    schedule.given([wasSet(weekdays)]).when(set(weekdays)).then([]);
    const sundaysToo = { ...weekdays, weekly: [...weekdays.weekly.slice(0, 6), nineToSix] };
    schedule.given([wasSet(weekdays)]).when(set(sundaysToo)).then([wasSet(sundaysToo)]);
  });

  it('refuses a booking outside the working hours, on a weekday off or a day off, at the format field', () => {
    // 2026-12-01 is a Tuesday, 2026-12-05 a Saturday.
    expect(workingHoursOn(weekdays, '2026-12-01')).toEqual(nineToSix);
    expect(() => refuseOffSchedule(weekdays, [{ date: '2026-12-01', cells: ['09:00', '17:30'] }])).not.toThrow();
    for (const day of [
      { date: '2026-12-01', cells: ['17:30', '18:00'] },
      { date: '2026-12-05', cells: ['12:00'] },
      { date: '2026-12-31', cells: ['12:00'] },
    ]) {
      let thrown: unknown;
      try {
        refuseOffSchedule(weekdays, [day]);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect([(thrown as DomainError).code, (thrown as DomainError).message, (thrown as DomainError).field]).toEqual(['photographer_off', PHOTOGRAPHER_OFF_MESSAGE, 'format']);
    }
  });

  it('without a schedule works every day around the clock', () => {
    expect(() => refuseOffSchedule(null, [{ date: '2026-12-05', cells: ['00:00', '23:30'] }])).not.toThrow();
  });

  it('refuses an end before its start, a week without seven days and a day off given twice', () => {
    expect(photographerScheduleSchema.safeParse({ ...weekdays, weekly: [{ start: '18:00', end: '09:00' }, ...weekdays.weekly.slice(1)] }).success).toBe(false);
    expect(photographerScheduleSchema.safeParse({ ...weekdays, weekly: weekdays.weekly.slice(1) }).success).toBe(false);
    expect(photographerScheduleSchema.safeParse({ ...weekdays, daysOff: ['2026-12-31', '2026-12-31'] }).success).toBe(false);
  });
});
