const rules = new Intl.PluralRules('ru-RU');
type Forms = Record<Intl.LDMLPluralRule, string>;
const SLOT_FORMS: Forms = { zero: 'слотов', one: 'слот', two: 'слота', few: 'слота', many: 'слотов', other: 'слота' };
const INTERVAL_FORMS: Forms = { zero: 'интервалов', one: 'интервал', two: 'интервала', few: 'интервала', many: 'интервалов', other: 'интервала' };

const counted = (forms: Forms) => (count: number): string => `${count} ${forms[rules.select(count)]}`;

/** «1 слот», «2 слота», «5 слотов», «21 слот», «11 слотов» (docs/admin-calendar.md#constants: 2–4 take «слота»). */
export const slotsText = counted(SLOT_FORMS);

/** «1 интервал», «4 интервала», «5 интервалов»: the transfer's count chip. */
export const intervalsCountText = counted(INTERVAL_FORMS);

/** 90 → «1 ч 30 мин», 60 → «1 ч», 30 → «30 мин». */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? `${hours} ч` : '', rest > 0 ? `${rest} мин` : ''].filter(Boolean).join(' ') || '0 мин';
}

/** The create modal's title: «Создание новой брони», and «… на N слотов/слота/слот» for several cells. */
export const createTitle = (count: number): string => (count > 1 ? `Создание новой брони на ${slotsText(count)}` : 'Создание новой брони');
