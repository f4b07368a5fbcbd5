import { CELL_MINUTES, minutesToTime, rangeOfCell, timeToMinutes, type CalendarDay } from '@studio/domain';
import { TRANSFER_MESSAGES } from './transfer-messages';
import type { TransferSelection } from './transfer-selection';

const DAY_END = 24 * 60;

/** Where the chosen half hours would land: a range of one date, its end up to «24:00». */
export interface TransferTarget {
  date: string;
  start: string;
  end: string;
}

/** What hovering a cell shows: the target, how many half hours, and whether it is free to take. */
export interface TransferPreview extends TransferTarget {
  count: number;
  /** Another booking holds a half hour of the target. */
  taken: boolean;
  /** The target runs past midnight (docs/admin-calendar.md#rules: it must fit within 00:00–24:00). */
  outside: boolean;
}

export type TransferPick = { ok: true; target: TransferTarget } | { ok: false; message: string };

const movedIds = ({ chosen }: TransferSelection) => new Set(chosen.map((interval) => interval.bookingId));

/**
 * Whether a cell is someone else's: taken, and not by a booking being moved (those give their
 * cells up as they move). A taken cell the calendar names no booking for is taken.
 */
function busy(day: CalendarDay | undefined, minute: number, moved: ReadonlySet<string>): boolean {
  // The calendar lists opening hours only; later cells are the server's to check.
  const slot = minute < DAY_END ? day?.slots[rangeOfCell(minutesToTime(minute))] : undefined;
  return slot !== undefined && !slot.available && !(slot.bookingId !== undefined && moved.has(slot.bookingId));
}

/** The target starting at `cell` of `date`, with the calendar's answer for that date. */
export function previewAt(selection: TransferSelection, day: CalendarDay | undefined, date: string, cell: string): TransferPreview {
  const count = selection.chosen.length;
  const from = timeToMinutes(cell);
  const to = from + count * CELL_MINUTES;
  const moved = movedIds(selection);
  const minutes = Array.from({ length: count }, (_, index) => from + index * CELL_MINUTES);
  return {
    date,
    start: cell,
    end: minutesToTime(Math.min(to, DAY_END)),
    count,
    taken: minutes.some((minute) => busy(day, minute, moved)),
    outside: to > DAY_END,
  };
}

/**
 * A click on `cell` in transfer mode (docs/admin-calendar.md#rules «Slot click», docs/admin-calendar.md#rules «Transfer»): a busy half
 * is refused, then a target past midnight, then one another booking holds part of.
 */
export function pickAt(selection: TransferSelection, day: CalendarDay | undefined, date: string, cell: string): TransferPick {
  if (busy(day, timeToMinutes(cell), movedIds(selection))) return { ok: false, message: TRANSFER_MESSAGES.busyHalf };
  const preview = previewAt(selection, day, date, cell);
  if (preview.outside) return { ok: false, message: TRANSFER_MESSAGES.outsideDay };
  if (preview.taken) return { ok: false, message: TRANSFER_MESSAGES.taken };
  return { ok: true, target: { date, start: preview.start, end: preview.end } };
}
