import { describe, expect, it } from 'vitest';
import { dateDiscountPercent, parseWeekday, type DiscountRule } from './discount-rules';

// 2026-11-22 is a Sunday.
const today = '2026-11-22';
const rule = (discount_type: string, discount_value: number | string, description: string | null = null): DiscountRule => ({ discount_type, discount_value, description });

describe('date discount rules', () => {
  it('weekend matches Saturday and Sunday only', () => {
    const rules = [rule('weekend', 10)];
    expect(dateDiscountPercent(rules, '2026-11-28', today)).toBe(10);
    expect(dateDiscountPercent(rules, '2026-11-29', today)).toBe(10);
    expect(dateDiscountPercent(rules, '2026-11-27', today)).toBe(0);
  });

  it('tomorrow matches exactly the next Tomsk day', () => {
    const rules = [rule('tomorrow', 15)];
    expect(dateDiscountPercent(rules, '2026-11-23', today)).toBe(15);
    expect(dateDiscountPercent(rules, '2026-11-22', today)).toBe(0);
    expect(dateDiscountPercent(rules, '2026-11-24', today)).toBe(0);
  });

  it('specific_dates matches a date of the comma list', () => {
    const rules = [rule('specific_dates', 30, '2026-12-31, 2027-01-07,garbage')];
    expect(dateDiscountPercent(rules, '2026-12-31', today)).toBe(30);
    expect(dateDiscountPercent(rules, '2027-01-07', today)).toBe(30);
    expect(dateDiscountPercent(rules, '2027-01-01', today)).toBe(0);
  });

  it('days_in_advance N matches today and the N days after it', () => {
    const rules = [rule('days_in_advance', 5, '5')];
    expect(dateDiscountPercent(rules, '2026-11-22', today)).toBe(5);
    expect(dateDiscountPercent(rules, '2026-11-27', today)).toBe(5);
    expect(dateDiscountPercent(rules, '2026-11-28', today)).toBe(0);
    expect(dateDiscountPercent(rules, '2026-11-21', today)).toBe(0);
    expect(dateDiscountPercent([rule('days_in_advance', 5, 'пять')], '2026-11-22', today)).toBe(0);
  });

  it('weekdays matches Russian abbreviations or digits, 0 = Sunday', () => {
    expect(dateDiscountPercent([rule('weekdays', 12, 'Пн,Ср')], '2026-11-23', today)).toBe(12);
    expect(dateDiscountPercent([rule('weekdays', 12, 'Пн,Ср')], '2026-11-24', today)).toBe(0);
    expect(dateDiscountPercent([rule('weekdays', 12, '1,3,5')], '2026-11-27', today)).toBe(12);
    expect(dateDiscountPercent([rule('weekdays', 12, '0')], '2026-11-22', today)).toBe(12);
    expect(dateDiscountPercent([rule('weekdays', 12, 'вс')], '2026-11-29', today)).toBe(12);
    expect(parseWeekday('7')).toBeNull();
    expect(parseWeekday('Mo')).toBeNull();
  });

  it('the largest matching percent wins; rules never add up', () => {
    const rules = [rule('weekend', 10), rule('tomorrow', 25), rule('days_in_advance', '7.5', '3'), rule('weekdays', 40, 'Вт')];
    expect(dateDiscountPercent(rules, '2026-11-23', today)).toBe(25);
    expect(dateDiscountPercent(rules, '2026-11-22', today)).toBe(10);
    expect(dateDiscountPercent(rules, '2026-11-25', today)).toBe(7.5);
  });

  it('ignores unknown types and unusable values; none → 0', () => {
    expect(dateDiscountPercent([rule('black_friday', 50), rule('weekend', 'abc')], '2026-11-28', today)).toBe(0);
    expect(dateDiscountPercent([], '2026-11-28', today)).toBe(0);
    expect(dateDiscountPercent([rule('weekend', 150)], '2026-11-28', today)).toBe(100);
  });
});
