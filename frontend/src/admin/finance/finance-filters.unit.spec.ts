import { describe, expect, it } from 'vitest';
import { financeQuery, monthSoFar, periodProblem } from './finance-filters';

describe('the finance filters', () => {
  it('start with the month so far, every studio, status and kind', () => {
    expect(monthSoFar('2026-11-24')).toEqual({ start: '2026-11-01', end: '2026-11-24', studio: '', status: '', kind: '' });
  });

  it('ask only for what is set, the page with the page size', () => {
    expect(financeQuery({ start: '2026-11-01', end: '2026-11-24', studio: 'kirova', status: '', kind: 'refund' })).toBe('start=2026-11-01&end=2026-11-24&studio=kirova&kind=refund');
    expect(financeQuery({ start: '', end: '', studio: '', status: 'canceled', kind: '' }, 2)).toBe('status=canceled&page=2&limit=50');
  });

  it('refuse a period that ends before it starts', () => {
    expect(periodProblem({ ...monthSoFar('2026-11-24'), start: '2026-11-25' })).toBe('Дата «с» позже даты «по»');
    expect(periodProblem(monthSoFar('2026-11-24'))).toBeNull();
  });
});
