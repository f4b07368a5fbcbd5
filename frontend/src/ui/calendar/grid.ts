import { OPENING_CELLS, rangeOfCell } from '@studio/domain';

/** Hour rows 10 … 21, each made of two half-hour cells. */
export const HOURS: readonly number[] = Object.freeze(
  Array.from({ length: OPENING_CELLS.length / 2 }, (_, i) => 10 + i),
);

export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** The two cells of an hour row: 10 → ["10:00", "10:30"]. */
export function halvesOf(hour: number): [string, string] {
  const start = hourLabel(hour);
  return [start, `${start.slice(0, 2)}:30`];
}

/** A selection entry, one per half-hour cell: "2026-11-24-10:00-10:30". */
export const selectionKey = (date: string, cell: string): string => `${date}-${rangeOfCell(cell)}`;

/** The parts of a selection entry: "2026-11-24-10:00-10:30" → 2026-11-24, cell 10:00, end 10:30. */
export const parseSelectionKey = (key: string): { date: string; cell: string; end: string } => ({
  date: key.slice(0, 10),
  cell: key.slice(11, 16),
  end: key.slice(17, 22),
});
