import { describe, expect, it } from 'vitest';
import type { CalendarDay } from './types';
import { takenRangeAround } from './taken-range';

const taken = { available: false } as const;
const day = { slots: { '14:00-14:30': taken, '14:30-15:00': taken, '15:00-15:30': taken, '17:00-17:30': taken } } as unknown as CalendarDay;
const ctx = { date: '2026-12-05', day, now: new Date('2026-11-28T01:00:00Z'), user: null, selected: new Set<string>() };

describe('the range a taken cell waits for', () => {
  it('is the run of cells taken by others around the cell clicked', () => {
    expect(takenRangeAround(ctx, '14:30')).toEqual({ date: '2026-12-05', start: '14:00', end: '15:30' });
    expect(takenRangeAround(ctx, '17:00')).toEqual({ date: '2026-12-05', start: '17:00', end: '17:30' });
  });

  it('from the free half of a partly taken hour, is the run from its taken half', () => {
    expect(takenRangeAround(ctx, '13:30')).toEqual({ date: '2026-12-05', start: '14:00', end: '15:30' });
  });
});
