import { CELL_MINUTES, minutesToTime, OPENING_CELLS, timeToMinutes } from '@studio/domain';
import { halfState, type DayContext } from './cell-state';

export interface TakenRange {
  date: string;
  start: string;
  end: string;
}

/**
 * The run of cells taken by others around `cell` (docs/waitlist.md): what a customer who clicks a
 * taken cell waits for, the whole booking as the calendar shows it rather than the half clicked. A
 * phone's partly taken hour starts at its free half: the run starts at the taken one after it.
 */
export function takenRangeAround(ctx: DayContext, cell: string): TakenRange {
  const strangers = (c: string) => halfState(ctx, c) === 'booked';
  let from = OPENING_CELLS.indexOf(cell);
  if (!strangers(cell) && from + 1 < OPENING_CELLS.length && strangers(OPENING_CELLS[from + 1]!)) from += 1;
  let to = from;
  while (from > 0 && strangers(OPENING_CELLS[from - 1]!)) from -= 1;
  while (to < OPENING_CELLS.length - 1 && strangers(OPENING_CELLS[to + 1]!)) to += 1;
  return { date: ctx.date, start: OPENING_CELLS[from]!, end: minutesToTime(timeToMinutes(OPENING_CELLS[to]!) + CELL_MINUTES) };
}
