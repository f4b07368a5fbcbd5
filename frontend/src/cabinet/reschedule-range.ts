import { parseSelectionKey } from '../ui/calendar/grid';

/** The range a move asks for: one date, cells end to end. */
export interface ChosenRange {
  date: string;
  time_start: string;
  time_end: string;
}

/**
 * The calendar's selection as the one range a reschedule takes (docs/change-policy.md), null for
 * none, or 'split' when it spans several dates or leaves a gap: a booking moves to one range.
 */
export function rangeOfSelection(selection: readonly string[]): ChosenRange | 'split' | null {
  if (selection.length === 0) return null;
  const cells = selection.map(parseSelectionKey).sort((a, b) => a.date.localeCompare(b.date) || a.cell.localeCompare(b.cell));
  const first = cells[0]!;
  for (let i = 1; i < cells.length; i += 1) {
    const [before, cell] = [cells[i - 1]!, cells[i]!];
    if (cell.date !== first.date || cell.cell !== before.end) return 'split';
  }
  return { date: first.date, time_start: first.cell, time_end: cells.at(-1)!.end };
}

/** «Доплата 1 000 ₽», «Вернём 500 ₽» or «Без доплаты», for a difference in roubles. */
export function differenceText(difference: number, format: (roubles: number) => string): string {
  if (difference > 0) return `Доплата ${format(difference)}`;
  if (difference < 0) return `Вернём ${format(-difference)}`;
  return 'Без доплаты';
}
