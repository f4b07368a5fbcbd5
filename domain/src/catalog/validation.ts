import { DomainError } from '../errors';
import { isIsoDate } from '../time/tomsk';
import { DISCOUNT_TYPES, SERVICE_FORMATS } from './events';
import { RU_WEEKDAY_ABBREVIATIONS, parseDaysInAdvance, parseWeekday, splitParameter } from '../pricing/discount-rules';

type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const trimmed = (value: string | null | undefined): string => (value ?? '').trim();

export const isMissingNumber = (value: number | null | undefined): value is null | undefined => value == null || Number.isNaN(value);

export const isServiceFormat = (format: string): format is (typeof SERVICE_FORMATS)[number] => (SERVICE_FORMATS as readonly string[]).includes(format);

/** An amount of integer kopecks, zero allowed (a free service, a volunteer photographer). */
export function requireKopecks(value: number, field: string): number {
  if (!Number.isSafeInteger(value)) throw new DomainError('validation', 'invalid_price', 'Цена должна быть суммой с точностью до копейки', field);
  if (value < 0) throw new DomainError('validation', 'negative_price', 'Цена не может быть отрицательной', field);
  return value;
}

export function requireDiscountType(value: string): DiscountType {
  const type = DISCOUNT_TYPES.find((t) => t === value);
  if (!type) throw new DomainError('validation', 'invalid_discount_type', `Неизвестный тип скидки «${value}»: допустимы ${DISCOUNT_TYPES.join(', ')}`, 'discount_type');
  return type;
}

export function requireDiscountValue(value: number): number {
  if (!Number.isFinite(value) || value < 1 || value > 100) {
    throw new DomainError('validation', 'invalid_discount_value', 'Скидка должна быть числом от 1 до 100', 'discount_value');
  }
  return value;
}

const parameterError = (message: string) => new DomainError('validation', 'invalid_discount_description', message, 'description');

/**
 * The rule parameter, checked and written in one canonical form so the calendar's lenient
 * matcher (pricing/discount-rules) reads exactly what the admin meant.
 */
export function normaliseDiscountParameter(type: DiscountType, description: string): string {
  switch (type) {
    case 'specific_dates': {
      const dates = splitParameter(description);
      if (dates.length === 0 || !dates.every(isIsoDate)) throw parameterError('Укажите даты через запятую в формате ГГГГ-ММ-ДД');
      return [...new Set(dates)].join(', ');
    }
    case 'days_in_advance': {
      const days = parseDaysInAdvance(description);
      if (days === null) throw parameterError('Укажите количество дней целым неотрицательным числом');
      return String(days);
    }
    case 'weekdays': {
      const tokens = splitParameter(description);
      const days = tokens.map(parseWeekday);
      if (tokens.length === 0 || days.includes(null)) {
        throw parameterError('Укажите дни недели через запятую: Пн, Вт, Ср, Чт, Пт, Сб, Вс или числа 0–6 (0 — воскресенье)');
      }
      // Digits stay digits, abbreviations get their canonical spelling.
      return tokens.map((token, i) => (/^[0-6]$/.test(token) ? token : RU_WEEKDAY_ABBREVIATIONS[days[i] as number])).join(', ');
    }
    case 'weekend':
    case 'tomorrow':
      return description;
  }
}
