import { describe, expect, it } from 'vitest';
import { fetchRange, periodLabel, shiftAnchor, viewDays } from './view-range';

describe('the admin calendar’s days', () => {
  it('a week view runs Monday to Sunday around the anchor; a day view is the anchor alone', () => {
    // 2026-11-26 is a Thursday.
    expect(viewDays('week', '2026-11-26')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(viewDays('day', '2026-11-26')).toEqual(['2026-11-26']);
  });

  it('steps 7 days in week view and 1 day in day view, across months and years', () => {
    expect(shiftAnchor('2026-11-26', 'week', 1)).toBe('2026-12-03');
    expect(shiftAnchor('2026-11-26', 'week', -1)).toBe('2026-11-19');
    expect(shiftAnchor('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(shiftAnchor('2026-03-01', 'day', -1)).toBe('2026-02-28');
  });

  it('asks for the visible week with 7 days either side', () => {
    expect(fetchRange('2026-11-26')).toEqual({ startDate: '2026-11-16', endDate: '2026-12-06' });
  });

  it('labels the month and year, naming both months of a week that spans two', () => {
    expect(periodLabel(viewDays('week', '2026-11-12'))).toBe('Ноябрь 2026');
    expect(periodLabel(viewDays('week', '2026-12-01'))).toBe('Ноябрь – Декабрь 2026');
    expect(periodLabel(viewDays('week', '2026-12-31'))).toBe('Декабрь 2026 – Январь 2027');
    expect(periodLabel(['2026-05-09'])).toBe('Май 2026');
  });
});
