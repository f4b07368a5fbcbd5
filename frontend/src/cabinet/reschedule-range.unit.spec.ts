import { describe, expect, it } from 'vitest';
import { differenceText, rangeOfSelection } from './reschedule-range';

describe('rangeOfSelection', () => {
  it('reads cells of one date end to end as one range, in any order', () => {
    expect(rangeOfSelection(['2026-12-10-13:00-13:30', '2026-12-10-12:00-12:30', '2026-12-10-12:30-13:00'])).toEqual({ date: '2026-12-10', time_start: '12:00', time_end: '13:30' });
  });
  it('refuses a gap or a second date, and answers null for nothing chosen', () => {
    expect(rangeOfSelection(['2026-12-10-12:00-12:30', '2026-12-10-13:00-13:30'])).toBe('split');
    expect(rangeOfSelection(['2026-12-10-12:00-12:30', '2026-12-11-12:30-13:00'])).toBe('split');
    expect(rangeOfSelection([])).toBeNull();
  });
});

describe('differenceText', () => {
  const rub = (value: number) => `${value} ₽`;
  it('says what the customer pays, gets back, or that nothing moves', () => {
    expect(differenceText(1000, rub)).toBe('Доплата 1000 ₽');
    expect(differenceText(-500, rub)).toBe('Вернём 500 ₽');
    expect(differenceText(0, rub)).toBe('Без доплаты');
  });
});
