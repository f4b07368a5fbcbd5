import { describe, expect, it } from 'vitest';
import {
  customRangeProblem,
  daysOf,
  isSingleDay,
  periodRange,
  periodTitle,
  previousRange,
  RANGE_MESSAGES,
  rangeLabel,
  shiftPeriod,
  type Period,
} from './periods';

// A Tuesday in the last quarter of a year whose February is short and the next one's long.
const TODAY = '2026-11-24';
const at = (period: Period, today = TODAY) => periodRange(period, today);

describe('the statistics periods', () => {
  it('cover today, yesterday and the calendar week, month, quarter and year around today', () => {
    expect(at({ kind: 'today', offset: 0 })).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(at({ kind: 'yesterday', offset: 0 })).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(at({ kind: 'week', offset: 0 })).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(at({ kind: 'month', offset: 0 })).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(at({ kind: 'quarter', offset: 0 })).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(at({ kind: 'year', offset: 0 })).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('take the week from Monday to Sunday on a Sunday and across a year end', () => {
    expect(at({ kind: 'week', offset: 0 }, '2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(at({ kind: 'week', offset: 0 }, '2027-01-01')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(at({ kind: 'yesterday', offset: 0 }, '2027-01-01')).toEqual({ start: '2026-12-31', end: '2026-12-31' });
  });

  it('start each quarter at its first month', () => {
    expect(at({ kind: 'quarter', offset: 0 }, '2026-01-01')).toEqual({ start: '2026-01-01', end: '2026-03-31' });
    expect(at({ kind: 'quarter', offset: 0 }, '2026-06-30')).toEqual({ start: '2026-04-01', end: '2026-06-30' });
    expect(at({ kind: 'quarter', offset: 0 }, '2026-09-15')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
  });

  it('step months and quarters back and ahead across year ends and short Februaries', () => {
    const month: Period = { kind: 'month', offset: 0 };
    expect(at(shiftPeriod(month, 1))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(at(shiftPeriod(shiftPeriod(month, 1), 1))).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(at({ kind: 'month', offset: -9 })).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(at({ kind: 'month', offset: -33 })).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(at({ kind: 'month', offset: -11 })).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    const quarter: Period = { kind: 'quarter', offset: 0 };
    expect(at(shiftPeriod(quarter, 1))).toEqual({ start: '2027-01-01', end: '2027-03-31' });
    expect(at(shiftPeriod(quarter, -1))).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(at({ kind: 'quarter', offset: -4 })).toEqual({ start: '2025-10-01', end: '2025-12-31' });
  });

  it('leave the other periods where they are when asked to step', () => {
    for (const kind of ['today', 'yesterday', 'week', 'year'] as const) expect(shiftPeriod({ kind, offset: 0 }, 1)).toEqual({ kind, offset: 0 });
    const custom: Period = { kind: 'custom', range: { start: '2026-03-01', end: '2026-03-05' } };
    expect(shiftPeriod(custom, -1)).toBe(custom);
    expect(at(custom)).toEqual({ start: '2026-03-01', end: '2026-03-05' });
  });

  it('compare with as many days ending the day before', () => {
    expect(previousRange({ start: '2026-11-24', end: '2026-11-24' })).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(previousRange({ start: '2026-11-23', end: '2026-11-29' })).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(previousRange({ start: '2026-11-01', end: '2026-11-30' })).toEqual({ start: '2026-10-02', end: '2026-10-31' });
    expect(previousRange({ start: '2026-03-01', end: '2026-03-31' })).toEqual({ start: '2026-01-29', end: '2026-02-28' });
    expect(previousRange({ start: '2026-01-01', end: '2026-03-31' })).toEqual({ start: '2025-10-03', end: '2025-12-31' });
    expect(previousRange({ start: '2024-01-01', end: '2024-12-31' })).toEqual({ start: '2022-12-31', end: '2023-12-31' });
    for (const range of [at({ kind: 'quarter', offset: 0 }), at({ kind: 'year', offset: 0 }), at({ kind: 'week', offset: 0 })]) {
      const previous = previousRange(range);
      expect(daysOf(previous)).toHaveLength(daysOf(range).length);
      expect([...daysOf(previous), ...daysOf(range)]).toEqual(daysOf({ start: previous.start, end: range.end }));
    }
  });

  it('draw only a single day by the hour', () => {
    expect(isSingleDay(at({ kind: 'today', offset: 0 }))).toBe(true);
    expect(isSingleDay(at({ kind: 'yesterday', offset: 0 }))).toBe(true);
    expect(isSingleDay(at({ kind: 'week', offset: 0 }))).toBe(false);
  });

  it('refuse a hand-typed range that is incomplete, reversed or longer than one call answers', () => {
    expect(customRangeProblem('2026-11-01', '')).toBe(RANGE_MESSAGES.incomplete);
    expect(customRangeProblem('2026-02-30', '2026-03-01')).toBe(RANGE_MESSAGES.incomplete);
    expect(customRangeProblem('2026-11-02', '2026-11-01')).toBe(RANGE_MESSAGES.order);
    expect(customRangeProblem('2024-01-01', '2025-02-03')).toBeNull();
    expect(customRangeProblem('2024-01-01', '2025-02-04')).toBe(RANGE_MESSAGES.tooLong);
    expect(customRangeProblem('2026-11-01', '2026-11-01')).toBeNull();
  });

  it('name what is shown in Russian', () => {
    expect(periodTitle({ kind: 'month', offset: 0 }, at({ kind: 'month', offset: 0 }))).toBe('Ноябрь 2026');
    expect(periodTitle({ kind: 'quarter', offset: 1 }, at({ kind: 'quarter', offset: 1 }))).toBe('I квартал 2027');
    expect(periodTitle({ kind: 'year', offset: 0 }, at({ kind: 'year', offset: 0 }))).toBe('2026 год');
    expect(periodTitle({ kind: 'week', offset: 0 }, at({ kind: 'week', offset: 0 }))).toBe('23.11.2026 – 29.11.2026');
    expect(rangeLabel({ start: '2026-11-24', end: '2026-11-24' })).toBe('24.11.2026');
  });
});
