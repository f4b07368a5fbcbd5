import { describe, expect, it } from 'vitest';
import { tomskInstant } from '../time/tomsk';
import { bookingStart, lastReminderDay, reminderDay, reminderDue, reminderKey } from './reminders';

const at = (date: string, time: string) => tomskInstant(date, time);

describe('the reminder rules', () => {
  it('start at the first cell of the earliest day', () => {
    const start = bookingStart([
      { date: '2027-01-12', cells: ['10:00'] },
      { date: '2027-01-11', cells: ['15:30', '14:00'] },
    ]);
    expect(start).toEqual({ date: '2027-01-11', time: '14:00', at: at('2027-01-11', '14:00') });
    expect(reminderKey('sms', 'b1', start)).toBe('booking-reminder-sms:b1:2027-01-11T14:00');
  });

  it('are due from REMINDER_HOURS before the start until two hours before it', () => {
    const start = at('2027-01-11', '14:00');
    expect(reminderDue(start, at('2027-01-10', '13:59'), 24)).toBe(false);
    expect(reminderDue(start, at('2027-01-10', '14:00'), 24)).toBe(true);
    expect(reminderDue(start, at('2027-01-11', '11:59'), 24)).toBe(true);
    expect(reminderDue(start, at('2027-01-11', '12:00'), 24)).toBe(false);
    expect(reminderDue(start, at('2027-01-09', '14:00'), 48)).toBe(true);
    expect(lastReminderDay(at('2027-01-10', '23:30'), 24)).toBe('2027-01-11');
  });

  it('name the day «сегодня», «завтра» or DD.MM, in Tomsk', () => {
    const now = at('2027-01-10', '23:30');
    expect(reminderDay('2027-01-10', now)).toBe('сегодня');
    expect(reminderDay('2027-01-11', now)).toBe('завтра');
    expect(reminderDay('2027-01-12', now)).toBe('12.01');
  });
});
