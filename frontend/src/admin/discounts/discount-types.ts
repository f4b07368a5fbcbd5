import { DISCOUNT_TYPES, parseDaysInAdvance, parseWeekday, RU_WEEKDAY_ABBREVIATIONS, splitParameter, type Discount } from '@studio/domain';

export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** What the parameter field of a type is called and how to fill it; null for the types that take none. */
interface ParameterField {
  label: string;
  hint: string;
  placeholder: string;
  inputMode: 'text' | 'numeric';
}

interface TypeInfo {
  label: string;
  /** Said under the type when it needs no parameter. */
  rule?: string;
  parameter: ParameterField | null;
}

/** docs/catalog.md#what-it-does «Discount» and docs/catalog.md#rules «Discount matching» (days in Asia/Tomsk). */
export const DISCOUNT_TYPE_INFO: Record<DiscountType, TypeInfo> = {
  weekend: { label: 'Выходные', rule: 'Скидка на субботу и воскресенье.', parameter: null },
  tomorrow: { label: 'Завтра', rule: 'Скидка на бронь ровно на следующий день.', parameter: null },
  specific_dates: {
    label: 'Даты',
    parameter: { label: 'Даты', hint: 'В формате ГГГГ-ММ-ДД через запятую.', placeholder: '2026-03-08, 2026-05-01', inputMode: 'text' },
  },
  days_in_advance: {
    label: 'Ближайшие дни',
    parameter: { label: 'Количество дней', hint: 'Целое число: 5 — сегодня и ещё 5 дней.', placeholder: '5', inputMode: 'numeric' },
  },
  weekdays: {
    label: 'Дни недели',
    parameter: { label: 'Дни недели', hint: 'Пн, Вт, Ср, Чт, Пт, Сб, Вс или числа 0–6 (0 — воскресенье) через запятую.', placeholder: 'Пн, Ср, Пт', inputMode: 'text' },
  },
};

export const isDiscountType = (value: string): value is DiscountType => (DISCOUNT_TYPES as readonly string[]).includes(value);

const plural = new Intl.PluralRules('ru-RU');
const DAY_FORMS: Record<Intl.LDMLPluralRule, string> = { zero: 'дней', one: 'день', two: 'дня', few: 'дня', many: 'дней', other: 'дня' };
const ruDate = (iso: string) => iso.split('-').reverse().join('.');

/** The table's «Условие»: when the discount applies, in words; a parameter it cannot read is shown as stored. */
export function conditionText({ discount_type: type, description }: Pick<Discount, 'discount_type' | 'description'>): string {
  switch (type) {
    case 'weekend':
      return 'Суббота и воскресенье';
    case 'tomorrow':
      return 'Бронь на завтра';
    case 'specific_dates':
      return splitParameter(description).map(ruDate).join(', ');
    case 'days_in_advance': {
      const days = parseDaysInAdvance(description);
      return days === null ? description : days === 0 ? 'Только сегодня' : `Сегодня и ещё ${days} ${DAY_FORMS[plural.select(days)]}`;
    }
    case 'weekdays':
      return splitParameter(description)
        .map((token) => {
          const day = parseWeekday(token);
          return day === null ? token : RU_WEEKDAY_ABBREVIATIONS[day];
        })
        .join(', ');
    default:
      return description;
  }
}
