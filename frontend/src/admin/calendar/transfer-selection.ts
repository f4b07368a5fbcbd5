import { CELL_MINUTES, cellsOfRange, contiguousRanges, type AdminBookingRow } from '@studio/domain';
import { dayLabel } from '../../ui/calendar/labels';
import { TRANSFER_MESSAGES } from './transfer-messages';

/** One half hour of a booking, as the transfer dialog lists them. */
export interface TransferInterval {
  bookingId: string;
  date: string;
  /** HH:MM, the half hour's start. */
  cell: string;
}

/** What the admin chose to move: a run of the open card's half hours, and all of them (the rest is deleted). */
export interface TransferSelection {
  all: TransferInterval[];
  chosen: TransferInterval[];
}

type IntervalRow = Pick<AdminBookingRow, 'id' | 'date' | 'time_start' | 'time_end'>;

const byDateAndCell = (a: TransferInterval, b: TransferInterval) => a.date.localeCompare(b.date) || a.cell.localeCompare(b.cell);

/** The open card's bookings as half hours in date and time order: what «start interval» and «how many» count. */
export function intervalsOf(rows: readonly IntervalRow[]): TransferInterval[] {
  const seen = new Set<string>();
  const intervals: TransferInterval[] = [];
  for (const row of rows) {
    for (const cell of cellsOfRange(row.time_start, row.time_end)) {
      const key = `${row.date} ${cell}`;
      if (seen.has(key)) continue;
      seen.add(key);
      intervals.push({ bookingId: row.id, date: row.date, cell });
    }
  }
  return intervals.sort(byDateAndCell);
}

export type Choice = { ok: true; selection: TransferSelection } | { ok: false; message: string };

/**
 * The dialog's choice checked (docs/admin-calendar.md#rules «Transfer»): `count` half hours from the one at
 * `start`. No interval at `start` or a count of none is nothing chosen; a count that is no whole
 * number or runs past the last interval has no duration to move.
 */
export function chooseIntervals(all: readonly TransferInterval[], start: number, count: number): Choice {
  if (!all[start] || count === 0) return { ok: false, message: TRANSFER_MESSAGES.nothingChosen };
  if (!Number.isInteger(count) || count < 0 || start + count > all.length) return { ok: false, message: TRANSFER_MESSAGES.badDuration };
  return { ok: true, selection: { all: [...all], chosen: all.slice(start, start + count) } };
}

export const minutesOf = (intervals: readonly TransferInterval[]) => intervals.length * CELL_MINUTES;

/** Half hours as the ranges they make, per date: «Пт 16 октября, 14:00–16:00; Сб 17 октября, 10:00–10:30». */
export function intervalsText(intervals: readonly TransferInterval[]): string {
  const byDate = new Map<string, string[]>();
  for (const { date, cell } of [...intervals].sort(byDateAndCell)) byDate.set(date, [...(byDate.get(date) ?? []), cell]);
  return [...byDate].map(([date, cells]) => `${dayLabel(date)}, ${contiguousRanges(cells).map(({ start, end }) => `${start}–${end}`).join(', ')}`).join('; ');
}

/** The open card's half hours the choice leaves out: the transfer deletes them afterwards. */
export function leftoversOf({ all, chosen }: TransferSelection): TransferInterval[] {
  const taken = new Set(chosen.map(({ date, cell }) => `${date} ${cell}`));
  return all.filter(({ date, cell }) => !taken.has(`${date} ${cell}`));
}
