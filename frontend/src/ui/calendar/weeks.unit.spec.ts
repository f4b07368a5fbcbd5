import { addDays } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { extendLeft, extendRight, initialFetchWeeks, initialWeeks, MAX_WEEKS, pagesOf, visibleDays, weekStartOf } from './weeks';

// Wednesday 25 November 2026.
const today = '2026-11-25';

describe('week windowing', () => {
  it('weeks start on Monday, Sunday belongs to the week before', () => {
    expect(weekStartOf('2026-11-25')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
  });

  it('prepares five weeks and first fetches previous, current and next', () => {
    expect(initialWeeks(today)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14']);
    expect(initialFetchWeeks(today)).toEqual(['2026-11-16', '2026-11-23', '2026-11-30']);
  });

  it('loads two weeks on the right but nothing starting beyond 8 weeks from today', () => {
    const more = extendRight(initialWeeks(today), today);
    expect(more.slice(-2)).toEqual(['2026-12-21', '2026-12-28']);
    let weeks = more;
    for (let i = 0; i < 5; i++) weeks = extendRight(weeks, today);
    expect(weeks.at(-1)).toBe('2027-01-18');
    expect(weeks.length).toBeLessThanOrEqual(MAX_WEEKS);
  });

  it('never keeps more than 12 weeks, dropping the far side', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => addDays('2026-10-05', i * 7));
    const right = extendRight(eleven, today);
    expect(right).toHaveLength(MAX_WEEKS);
    expect(right[0]).toBe('2026-10-12');
    expect(right.at(-1)).toBe('2026-12-28');
    const twelve = Array.from({ length: 12 }, (_, i) => addDays('2026-11-30', i * 7));
    const left = extendLeft(twelve, today);
    expect(left).toHaveLength(MAX_WEEKS);
    expect(left[0]).toBe('2026-11-23');
  });

  it('loads the previous week at the left edge unless it is wholly past', () => {
    expect(extendLeft(['2026-11-30', '2026-12-07'], today)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    const weeks = ['2026-11-23', '2026-11-30'];
    expect(extendLeft(weeks, today)).toBe(weeks);
  });

  it('shows days from today to the horizon only', () => {
    const days = visibleDays(initialWeeks(today), today);
    expect(days[0]).toBe(today);
    expect(days.at(-1)).toBe('2026-12-20');
    expect(visibleDays(['2027-01-18'], today)).toEqual(['2027-01-18', '2027-01-19', '2027-01-20']);
  });
});

describe('mobile pages', () => {
  it('cut the visible days into sevens from today', () => {
    const pages = pagesOf(visibleDays(initialWeeks(today), today));
    expect(pages[0]).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(pages.flat()).toHaveLength(26);
    expect(pages.at(-1)).toHaveLength(5);
  });
});
