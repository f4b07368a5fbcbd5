import { DomainError } from '../errors';
import { GROUP_DISCOUNT_MIN_MINUTES } from '../studios';
import { minutesToTime, isIsoDate, timeToMinutes } from '../time/tomsk';
import { parseRange } from '../time/grid';

export type SelectedSlot = {
  date: string;
  /** "HH:MM-HH:MM" */
  time: string;
  price: number;
  durationMinutes: 30 | 60;
};

/** "2026-11-23-10:00-10:30" → date and cell start. */
function parseSelectedCell(entry: string): { date: string; start: number } {
  const date = entry.slice(0, 10);
  const range = isIsoDate(date) && entry[10] === '-' ? parseRange(entry.slice(11)) : undefined;
  const start = range ? timeToMinutes(range.start) : NaN;
  if (!range || range.minutes !== 30 || start % 30 !== 0) {
    throw new DomainError('validation', 'invalid_selection', `Некорректная ячейка «${entry}»: нужен формат ГГГГ-ММ-ДД-ЧЧ:ММ-ЧЧ:ММ на получасовой сетке`, 'selection');
  }
  return { date, start };
}

const slot = (date: string, start: number, durationMinutes: 30 | 60, price: number): SelectedSlot => ({
  date,
  time: `${minutesToTime(start)}-${minutesToTime(start + durationMinutes)}`,
  price,
  durationMinutes,
});

/**
 * The two halves of one clock hour (HH:00 and HH:30 of a date) become one 60-minute entry at the
 * hour price; any other half is 30 minutes at the half-hour price. 10:30 + 11:00 stay two halves:
 * they belong to different clock hours. Sorted by date, then time.
 */
export function mergeSelection(selection: string[], prices: { hourPrice: number; halfHourPrice: number }): SelectedSlot[] {
  const chosen = new Map<string, { date: string; start: number }>();
  for (const entry of selection) {
    const cell = parseSelectedCell(entry);
    chosen.set(`${cell.date}|${cell.start}`, cell);
  }
  const slots: SelectedSlot[] = [];
  for (const { date, start } of chosen.values()) {
    const hourStart = start - (start % 60);
    const pairedWith = start === hourStart ? start + 30 : hourStart;
    if (!chosen.has(`${date}|${pairedWith}`)) slots.push(slot(date, start, 30, prices.halfHourPrice));
    else if (start === hourStart) slots.push(slot(date, start, 60, prices.hourPrice));
  }
  return slots.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

/** A run of slots touching end to start on one day; minutes from midnight. */
export interface ContinuousBlock {
  date: string;
  start: number;
  end: number;
  slots: SelectedSlot[];
}

/** The continuous blocks of a selection, in date and time order. */
export function continuousBlocks(slots: readonly SelectedSlot[]): ContinuousBlock[] {
  const timed = slots.map((s) => {
    const range = parseRange(s.time);
    const start = timeToMinutes(range.start);
    return { slot: s, start, end: start + range.minutes };
  });
  timed.sort((a, b) => a.slot.date.localeCompare(b.slot.date) || a.start - b.start);
  const blocks: ContinuousBlock[] = [];
  for (const { slot: s, start, end } of timed) {
    const last = blocks[blocks.length - 1];
    if (last && last.date === s.date && start <= last.end) {
      last.end = Math.max(last.end, end);
      last.slots.push(s);
    } else {
      blocks.push({ date: s.date, start, end, slots: [s] });
    }
  }
  return blocks;
}

/** The longest run of slots touching end to start on one day (of `date`, when given), in minutes. */
export function longestContinuousMinutes(slots: readonly SelectedSlot[], date?: string): number {
  return continuousBlocks(slots)
    .filter((block) => date === undefined || block.date === date)
    .reduce((longest, block) => Math.max(longest, block.end - block.start), 0);
}

/** 20% group discount: enabled for the studio and a same-day continuous block of 120 minutes or more. */
export const groupDiscountApplies = (slots: readonly SelectedSlot[], enabled: boolean): boolean =>
  enabled && longestContinuousMinutes(slots) >= GROUP_DISCOUNT_MIN_MINUTES;
