import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { groupDiscountApplies, longestContinuousMinutes, mergeSelection } from './selection';

const prices = { hourPrice: 2000, halfHourPrice: 1200 };

describe('mergeSelection', () => {
  it('merges 10:00 + 10:30 into one hour at the hour price', () => {
    expect(mergeSelection(['2026-11-23-10:30-11:00', '2026-11-23-10:00-10:30'], prices)).toEqual([
      { date: '2026-11-23', time: '10:00-11:00', price: 2000, durationMinutes: 60 },
    ]);
  });

  it('does not merge 10:30 + 11:00, two halves of different hours', () => {
    expect(mergeSelection(['2026-11-23-10:30-11:00', '2026-11-23-11:00-11:30'], prices)).toEqual([
      { date: '2026-11-23', time: '10:30-11:00', price: 1200, durationMinutes: 30 },
      { date: '2026-11-23', time: '11:00-11:30', price: 1200, durationMinutes: 30 },
    ]);
  });

  it('never pairs halves of different dates; sorts by date then time; ignores repeats', () => {
    expect(mergeSelection(['2026-11-24-10:30-11:00', '2026-11-23-21:30-22:00', '2026-11-23-10:00-10:30', '2026-11-23-10:30-11:00', '2026-11-23-10:00-10:30', '2026-11-24-12:00-12:30'], prices)).toEqual([
      { date: '2026-11-23', time: '10:00-11:00', price: 2000, durationMinutes: 60 },
      { date: '2026-11-23', time: '21:30-22:00', price: 1200, durationMinutes: 30 },
      { date: '2026-11-24', time: '10:30-11:00', price: 1200, durationMinutes: 30 },
      { date: '2026-11-24', time: '12:00-12:30', price: 1200, durationMinutes: 30 },
    ]);
  });

  it('refuses entries that are not half-hour grid cells', () => {
    expect(() => mergeSelection(['2026-11-23-10:00-11:00'], prices)).toThrow(DomainError);
    expect(() => mergeSelection(['2026-11-23 10:00-10:30'], prices)).toThrow(DomainError);
    expect(() => mergeSelection(['2026-11-23-10:15-10:45'], prices)).toThrow(DomainError);
  });
});

describe('continuous blocks and the group discount', () => {
  const slots = (entries: string[]) => mergeSelection(entries, prices);

  it('measures the longest same-day run of touching slots', () => {
    const selection = slots(['2026-11-23-10:00-10:30', '2026-11-23-10:30-11:00', '2026-11-23-11:00-11:30', '2026-11-23-13:00-13:30', '2026-11-24-10:00-10:30']);
    expect(longestContinuousMinutes(selection)).toBe(90);
    expect(longestContinuousMinutes(selection, '2026-11-24')).toBe(30);
    expect(longestContinuousMinutes(selection, '2026-11-25')).toBe(0);
    expect(longestContinuousMinutes([])).toBe(0);
  });

  it('applies at exactly 120 continuous minutes, even built from halves, when enabled', () => {
    const twoHours = slots(['2026-11-23-10:30-11:00', '2026-11-23-11:00-11:30', '2026-11-23-11:30-12:00', '2026-11-23-12:00-12:30']);
    expect(longestContinuousMinutes(twoHours)).toBe(120);
    expect(groupDiscountApplies(twoHours, true)).toBe(true);
    expect(groupDiscountApplies(twoHours, false)).toBe(false);
  });

  it('does not apply to 90 minutes, to a gap, or across midnight of two dates', () => {
    expect(groupDiscountApplies(slots(['2026-11-23-10:00-10:30', '2026-11-23-10:30-11:00', '2026-11-23-11:00-11:30']), true)).toBe(false);
    expect(groupDiscountApplies(slots(['2026-11-23-10:00-10:30', '2026-11-23-10:30-11:00', '2026-11-23-11:30-12:00', '2026-11-23-12:00-12:30']), true)).toBe(false);
    expect(groupDiscountApplies([
      { date: '2026-11-23', time: '23:00-24:00', price: 2000, durationMinutes: 60 },
      { date: '2026-11-24', time: '00:00-01:00', price: 2000, durationMinutes: 60 },
    ], true)).toBe(false);
  });
});
