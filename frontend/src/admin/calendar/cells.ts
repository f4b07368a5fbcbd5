import { CELL_MINUTES, contiguousRanges, OPENING_CELLS, rangeOfCell, type CalendarDay, type SlotState } from '@studio/domain';
import { parseSelectionKey, selectionKey } from '../../ui/calendar/grid';
import { chainAt, type Chain, type ChainRow } from './chains';

/** The legend's states (docs/admin-calendar.md#what-it-does): free, booked paid, booked unpaid, selected in multi-select. */
export type CellState = 'free' | 'paid' | 'unpaid' | 'selected';

export const CELL_STATE_LABELS: Record<CellState, string> = {
  free: 'Свободно',
  paid: 'Забронировано, оплачено',
  unpaid: 'Забронировано, не оплачено',
  selected: 'Выбрано',
};

export interface CellView<Row extends ChainRow = ChainRow> {
  /** HH:MM, the cell's start. */
  cell: string;
  state: CellState;
  /** The taken cell as the calendar answered it; absent for a free one. */
  slot?: SlotState;
  /** The card the taken cell belongs to, when the booking list has its booking. */
  chain?: Chain<Row>;
}

/**
 * Every opening-hours cell of a date. A taken cell is paid or unpaid by its card when the booking
 * list has one, else by what the calendar says of it (a hold, or a booking the list has not caught up with).
 */
export function dayCells<Row extends ChainRow>(date: string, day: CalendarDay | undefined, chains: readonly Chain<Row>[], selected: ReadonlySet<string>): CellView<Row>[] {
  return OPENING_CELLS.map((cell) => {
    const slot = day?.slots[rangeOfCell(cell)];
    if (!slot || slot.available) return { cell, state: selected.has(selectionKey(date, cell)) ? 'selected' : 'free' };
    const chain = chainAt(chains, date, cell);
    const paid = chain ? chain.paid : slot.fullyPaid === true;
    return { cell, state: paid ? 'paid' : 'unpaid', slot, ...(chain ? { chain } : {}) };
  });
}

/** Chosen cells: time order within a date, adjacent ones merged, with the total length. */
export function selectionSummary(keys: readonly string[]): { ranges: { date: string; start: string; end: string }[]; minutes: number } {
  const byDate = new Map<string, string[]>();
  for (const key of [...keys].sort()) {
    const { date, cell } = parseSelectionKey(key);
    byDate.set(date, [...(byDate.get(date) ?? []), cell]);
  }
  const ranges = [...byDate].flatMap(([date, cells]) => contiguousRanges(cells).map((range) => ({ date, ...range })));
  return { ranges, minutes: keys.length * CELL_MINUTES };
}
