import { addDays, daysBetween, isIsoDate, weekdayOf } from '../time/tomsk';

export type DiscountRule = {
  id?: string | number;
  name?: string;
  discount_type: string;
  description?: string | null;
  discount_value: number | string;
};

/** Index = weekday number, 0 = Sunday, as the rules' digits use it. */
export const RU_WEEKDAY_ABBREVIATIONS = ['Вс', 'Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб'] as const;

/** The items of a rule parameter: commas (or semicolons, spaces) separate them. */
export const splitParameter = (description: string | null | undefined): string[] =>
  (description ?? '').split(/[\s,;]+/).filter((item) => item !== '');

/** "Пн" (any letter case) or a digit "0"–"6" → weekday number; anything else → null. */
export function parseWeekday(token: string): number | null {
  if (/^[0-6]$/.test(token)) return Number(token);
  const index = RU_WEEKDAY_ABBREVIATIONS.findIndex((abbr) => abbr.toLowerCase() === token.toLowerCase());
  return index === -1 ? null : index;
}

/** A whole number of days, "5" meaning today and the 5 days after it. */
export function parseDaysInAdvance(description: string | null | undefined): number | null {
  const text = (description ?? '').trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

export function discountValue(rule: Pick<DiscountRule, 'discount_value'>): number {
  const raw = rule.discount_value;
  const value = typeof raw === 'number' ? raw : Number(String(raw).replace(',', '.'));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 100) : 0;
}

/** Both dates are Tomsk calendar dates; `today` comes from tomskToday(clock.now()). */
export function ruleMatchesDate(rule: DiscountRule, date: string, today: string): boolean {
  switch (rule.discount_type) {
    case 'weekend':
      return [0, 6].includes(weekdayOf(date));
    case 'tomorrow':
      return date === addDays(today, 1);
    case 'specific_dates':
      return splitParameter(rule.description).some((item) => isIsoDate(item) && item === date);
    case 'days_in_advance': {
      const days = parseDaysInAdvance(rule.description);
      const ahead = daysBetween(today, date);
      return days !== null && ahead >= 0 && ahead <= days;
    }
    case 'weekdays':
      return splitParameter(rule.description).map(parseWeekday).includes(weekdayOf(date));
    default:
      return false;
  }
}

/** The largest percent among the rules matching the date (rules never add up); 0 when none. */
export function dateDiscountPercent(rules: DiscountRule[], date: string, today: string): number {
  return rules.reduce((best, rule) => (ruleMatchesDate(rule, date, today) ? Math.max(best, discountValue(rule)) : best), 0);
}
