import { DomainError } from '../errors';
import { CELL_MINUTES, CLOSING_MINUTE, OPENING_MINUTE } from '../studios';
import { minutesToTime, timeToMinutes } from './tomsk';

/** Half-hour cells are named by their start, "HH:00" or "HH:30". */
export const isGridCell = (cell: string): boolean => /^([01]\d|2[0-3]):(00|30)$/.test(cell);

function cellsBetween(from: number, to: number): string[] {
  const cells: string[] = [];
  for (let m = from; m < to; m += CELL_MINUTES) cells.push(minutesToTime(m));
  return cells;
}

/** The 24 customer cells, 10:00 … 21:30. */
export const OPENING_CELLS: readonly string[] = Object.freeze(cellsBetween(OPENING_MINUTE, CLOSING_MINUTE));
/** The 48 cells staff may reserve, 00:00 … 23:30. */
export const DAY_CELLS: readonly string[] = Object.freeze(cellsBetween(0, 24 * 60));

export const isOpeningCell = (cell: string): boolean => OPENING_CELLS.includes(cell);

/** "10:00","12:00" → ["10:00","10:30","11:00","11:30"]; both ends on the grid, end may be "24:00". */
export function cellsOfRange(start: string, end: string): string[] {
  const from = timeToMinutes(start);
  const to = timeToMinutes(end, true);
  if (from % CELL_MINUTES !== 0 || to % CELL_MINUTES !== 0 || to <= from) {
    throw new DomainError('validation', 'invalid_range', `Интервал ${start}–${end} должен идти по получасовой сетке и заканчиваться позже начала`, 'time');
  }
  return cellsBetween(from, to);
}

/** "10:00" → "10:00-10:30", the key the calendar API uses for a cell. */
export function rangeOfCell(cell: string): string {
  if (!isGridCell(cell)) throw new DomainError('validation', 'invalid_cell', `Ячейка «${cell}» не на получасовой сетке`, 'cells');
  return `${cell}-${minutesToTime(timeToMinutes(cell) + CELL_MINUTES)}`;
}

/** "10:00-11:00" → { start: "10:00", end: "11:00", minutes: 60 }. */
export function parseRange(range: string): { start: string; end: string; minutes: number } {
  const [start = '', end = '', ...rest] = range.split('-');
  const from = timeToMinutes(start);
  const to = timeToMinutes(end, true);
  if (rest.length > 0 || to <= from) {
    throw new DomainError('validation', 'invalid_range', `Некорректный интервал «${range}»: нужен формат ЧЧ:ММ-ЧЧ:ММ`, 'time');
  }
  return { start, end, minutes: to - from };
}

/** Cells of one day as the continuous time ranges they make: ["10:00","10:30","12:00"] → 10:00–11:00, 12:00–12:30. */
export function contiguousRanges(cells: readonly string[]): { start: string; end: string }[] {
  const minutes = [...new Set(cells.map((cell) => timeToMinutes(cell)))].sort((a, b) => a - b);
  const ranges: { start: number; end: number }[] = [];
  for (const m of minutes) {
    const last = ranges.at(-1);
    if (last && last.end === m) last.end = m + CELL_MINUTES;
    else ranges.push({ start: m, end: m + CELL_MINUTES });
  }
  return ranges.map(({ start, end }) => ({ start: minutesToTime(start), end: minutesToTime(end) }));
}
