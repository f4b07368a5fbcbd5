import { describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from './api';
import { discountFormOf, discountFormSchema, discountRequest, type DiscountFormValues } from './discount-form';
import { conditionText } from './discount-types';

const problems = (values: Partial<DiscountFormValues>) => {
  const result = discountFormSchema.safeParse({ name: 'Скидка', discount_type: 'weekend', parameter: '', discount_value: '10', ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the discount form', () => {
  it('needs a name that is more than spaces and a value, with the message the server would give', () => {
    expect(problems({ name: '  ', discount_value: '' })).toEqual({ name: DISCOUNT_MESSAGES.required, discount_value: DISCOUNT_MESSAGES.required });
  });

  it('takes a value from 1 to 100, a comma as a point', () => {
    expect(problems({ discount_value: '12,5' })).toEqual({});
    for (const value of ['0', '101', 'десять', '-5']) expect(problems({ discount_value: value })).toEqual({ discount_value: 'Скидка должна быть числом от 1 до 100' });
  });

  it('reads the parameter by its type, and asks none of weekend and tomorrow', () => {
    expect(problems({ discount_type: 'weekend', parameter: 'что угодно' })).toEqual({});
    expect(problems({ discount_type: 'tomorrow' })).toEqual({});
    expect(problems({ discount_type: 'specific_dates', parameter: '2026-03-08, 2026-05-01' })).toEqual({});
    expect(problems({ discount_type: 'specific_dates', parameter: '08.03.2026' })).toEqual({ parameter: 'Укажите даты через запятую в формате ГГГГ-ММ-ДД' });
    expect(problems({ discount_type: 'days_in_advance', parameter: '5' })).toEqual({});
    expect(problems({ discount_type: 'days_in_advance', parameter: '5 дней' })).toEqual({ parameter: 'Укажите количество дней целым неотрицательным числом' });
    expect(problems({ discount_type: 'weekdays', parameter: 'пн, 3' })).toEqual({});
    expect(problems({ discount_type: 'weekdays', parameter: 'Пн, 7' })).toEqual({
      parameter: 'Укажите дни недели через запятую: Пн, Вт, Ср, Чт, Пт, Сб, Вс или числа 0–6 (0 — воскресенье)',
    });
  });

  it('sends the parameter as the description, none for a type without one, and the studio as the back-office spells it', () => {
    expect(discountRequest({ name: ' Будни ', discount_type: 'weekdays', parameter: ' Пн, Вт ', discount_value: '15,5' }, 'masterskaya')).toEqual({
      name: 'Будни',
      description: 'Пн, Вт',
      discount_value: 15.5,
      discount_type: 'weekdays',
      studio: 'Masterskaya',
    });
    expect(discountRequest({ name: 'Выходные', discount_type: 'weekend', parameter: '2026-03-08', discount_value: '10' }, 'pochta')).toMatchObject({ description: '', studio: 'Pochta' });
  });

  it('opens an existing discount with its fields', () => {
    const discount = { id: 'd1', name: 'Даты', description: '2026-03-08', discount_value: 20, discount_type: 'specific_dates', studio: 'kirova' };
    expect(discountFormOf(discount)).toEqual({ name: 'Даты', discount_type: 'specific_dates', parameter: '2026-03-08', discount_value: '20' });
  });
});

describe('the condition column', () => {
  it.each([
    ['weekend', '', 'Суббота и воскресенье'],
    ['tomorrow', '', 'Бронь на завтра'],
    ['specific_dates', '2026-03-08, 2026-05-01', '08.03.2026, 01.05.2026'],
    ['days_in_advance', '0', 'Только сегодня'],
    ['days_in_advance', '1', 'Сегодня и ещё 1 день'],
    ['days_in_advance', '3', 'Сегодня и ещё 3 дня'],
    ['days_in_advance', '5', 'Сегодня и ещё 5 дней'],
    ['weekdays', '1, 3, Пт', 'Пн, Ср, Пт'],
    ['holidays', 'как-нибудь', 'как-нибудь'],
  ])('%s %j reads «%s»', (type, description, text) => {
    expect(conditionText({ discount_type: type, description })).toBe(text);
  });
});
