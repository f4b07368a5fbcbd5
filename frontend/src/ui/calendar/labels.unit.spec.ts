import { describe, expect, it } from 'vitest';
import { cellLabel, dayLabel, monthLabel, rangeLabel } from './labels';

describe('calendar labels', () => {
  it('names a day the Russian way', () => {
    expect(dayLabel('2026-11-23')).toBe('Пн 23 ноября');
    expect(monthLabel('2027-01-04')).toBe('Январь 2027');
  });

  it('names the days in view as one range', () => {
    expect(rangeLabel(['2026-11-23', '2026-11-24', '2026-11-29'])).toBe('23–29 ноября');
    expect(rangeLabel(['2026-11-30', '2026-12-06'])).toBe('30 ноября – 6 декабря');
    expect(rangeLabel([])).toBe('');
  });

  it('gives the price only for cells that can be chosen', () => {
    expect(cellLabel('2026-11-23', '10:00-11:00', 'available', '2 000 ₽')).toBe('Пн 23 ноября, 10:00–11:00, свободно, 2 000 ₽');
    expect(cellLabel('2026-11-23', '10:00-10:30', 'user-booked', '1 000 ₽')).toBe('Пн 23 ноября, 10:00–10:30, Ваша бронь');
  });
});
