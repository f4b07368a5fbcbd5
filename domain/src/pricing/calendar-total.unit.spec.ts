import { describe, expect, it } from 'vitest';
import { calendarTotal } from './calendar-total';
import type { DiscountRule } from './discount-rules';
import { mergeSelection } from './selection';

const prices = { hourPrice: 2000, halfHourPrice: 1200 };
// Today is Sunday 2026-11-22; 2026-11-27 is a Friday, 2026-11-28 a Saturday.
const today = '2026-11-22';
const weekend: DiscountRule = { id: 1, name: 'Выходные', discount_type: 'weekend', discount_value: 10 };
const saturdaySpecial: DiscountRule = { id: 2, name: 'Суббота', discount_type: 'weekdays', description: 'Сб', discount_value: '15' };

describe('calendarTotal', () => {
  it('no discount: total equals the subtotal', () => {
    const slots = mergeSelection(['2026-11-27-10:00-10:30', '2026-11-27-10:30-11:00', '2026-11-27-12:00-12:30'], prices);
    expect(calendarTotal({ slots, rules: [weekend], today, groupDiscountEnabled: true })).toEqual({ subtotal: 3200, discountPercent: 0, discountKind: null, discount: 0, total: 3200 });
  });

  it('group discount takes 20% off the whole selection and replaces date rules', () => {
    const slots = mergeSelection(['2026-11-28-10:00-10:30', '2026-11-28-10:30-11:00', '2026-11-28-11:00-11:30', '2026-11-28-11:30-12:00', '2026-11-27-15:00-15:30'], prices);
    expect(calendarTotal({ slots, rules: [weekend, saturdaySpecial], today, groupDiscountEnabled: true })).toEqual({ subtotal: 5200, discountPercent: 20, discountKind: 'group', discount: 1040, total: 4160 });
  });

  it('with the group discount switched off, the date rules apply instead', () => {
    const slots = mergeSelection(['2026-11-28-10:00-10:30', '2026-11-28-10:30-11:00', '2026-11-28-11:00-11:30', '2026-11-28-11:30-12:00'], prices);
    expect(calendarTotal({ slots, rules: [weekend, saturdaySpecial], today, groupDiscountEnabled: false })).toEqual({ subtotal: 4000, discountPercent: 15, discountKind: 'date', discount: 600, total: 3400 });
  });

  it('the largest matching percent discounts each slot of its own date only', () => {
    const slots = mergeSelection(['2026-11-27-10:00-10:30', '2026-11-27-10:30-11:00', '2026-11-28-10:00-10:30', '2026-11-28-10:30-11:00'], prices);
    // Friday's hour: no rule. Saturday's hour: weekend 10% and Saturday 15% match, 15% wins.
    expect(calendarTotal({ slots, rules: [weekend, saturdaySpecial], today, groupDiscountEnabled: true })).toEqual({ subtotal: 4000, discountPercent: 15, discountKind: 'date', discount: 300, total: 3700 });
  });

  it('rounds each discount to whole kopecks', () => {
    const slots = [{ date: '2026-11-28', time: '10:00-10:30', price: 1000.55, durationMinutes: 30 as const }];
    const rules: DiscountRule[] = [{ discount_type: 'weekend', discount_value: 7 }];
    expect(calendarTotal({ slots, rules, today, groupDiscountEnabled: true })).toEqual({ subtotal: 1000.55, discountPercent: 7, discountKind: 'date', discount: 70.04, total: 930.51 });
  });

  it('an empty selection costs nothing', () => {
    expect(calendarTotal({ slots: [], rules: [weekend], today, groupDiscountEnabled: true })).toEqual({ subtotal: 0, discountPercent: 0, discountKind: null, discount: 0, total: 0 });
  });
});
