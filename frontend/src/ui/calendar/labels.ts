import { RU_WEEKDAY_ABBREVIATIONS, weekdayOf } from '@studio/domain';
import type { HalfState, HourState } from './types';

const MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
const MONTHS = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];

export const weekdayShort = (date: string): string => RU_WEEKDAY_ABBREVIATIONS[weekdayOf(date)] ?? '';
export const dayOfMonth = (date: string): number => Number(date.slice(8, 10));
const monthIndex = (date: string) => Number(date.slice(5, 7)) - 1;

/** "24 ноября" */
export const dateLabel = (date: string): string => `${dayOfMonth(date)} ${MONTHS_GENITIVE[monthIndex(date)]}`;

/** "Пн 24 ноября" */
export const dayLabel = (date: string): string => `${weekdayShort(date)} ${dateLabel(date)}`;

/** "ноя" beside a day header where a month begins. */
export const monthShort = (date: string): string => MONTHS_GENITIVE[monthIndex(date)]!.slice(0, 3);

/** "23–29 ноября", or "30 ноября – 6 декабря" across a month: the days in view. */
export function rangeLabel(days: readonly string[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  if (first.slice(0, 7) === last.slice(0, 7)) return `${dayOfMonth(first)}–${dateLabel(last)}`;
  return `${dateLabel(first)} – ${dateLabel(last)}`;
}

/** "Ноябрь 2026" for a month badge. */
export const monthLabel = (date: string): string => `${MONTHS[monthIndex(date)]} ${date.slice(0, 4)}`;

const STATE_TEXT: Record<HourState, string> = {
  past: 'недоступно',
  available: 'свободно',
  selected: 'выбрано',
  booked: 'занято',
  'user-booked': 'Ваша бронь',
  partial: 'занято частично',
  'partial-user-booked': 'частично Ваша бронь',
};

/** "Пн 24 ноября, 10:00–11:00, свободно, 2 000 ₽": the price only where the cell can be chosen. */
export function cellLabel(date: string, range: string, state: HalfState | HourState, price: string): string {
  const parts = [dayLabel(date), range.replace('-', '–'), STATE_TEXT[state]];
  if (state === 'available' || state === 'selected') parts.push(price);
  return parts.join(', ');
}
