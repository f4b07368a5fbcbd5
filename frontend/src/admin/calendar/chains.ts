import { timeToMinutes, type AdminBookingRow } from '@studio/domain';

/** docs/admin-calendar.md#constants: bookings made within 5 s of each other that touch end to start read as one. */
const CHAIN_WINDOW_MS = 5_000;

export type ChainRow = Pick<AdminBookingRow, 'id' | 'date' | 'time_start' | 'time_end' | 'customer_phone' | 'user_id' | 'fully_paid' | 'created_at'>;

/** One card on the grid: a booking's range, or several of one customer's made in one go. */
export interface Chain<Row extends ChainRow = ChainRow> {
  /** The first row's booking id and start, unique per date. */
  key: string;
  date: string;
  start: string;
  end: string;
  rows: Row[];
  paid: boolean;
}

const sameCustomer = (a: ChainRow, b: ChainRow) => (a.user_id !== null && a.user_id === b.user_id) || (a.customer_phone !== '' && a.customer_phone === b.customer_phone);

/**
 * Whether `next` continues the chain ending in `last` (docs/admin-calendar.md#rules «Slot click»): the same
 * date and customer, the same payment state (so a card says one «Оплачено» or «Не оплачено»),
 * touching end to start, and placed within 5 s. Staff's multi-slot create makes one booking per
 * half hour, which is what this puts back together.
 */
function continues(last: ChainRow, next: ChainRow): boolean {
  return (
    last.date === next.date &&
    last.time_end === next.time_start &&
    last.fully_paid === next.fully_paid &&
    sameCustomer(last, next) &&
    Math.abs(Date.parse(next.created_at) - Date.parse(last.created_at)) <= CHAIN_WINDOW_MS
  );
}

const byDateAndStart = (a: ChainRow, b: ChainRow) => a.date.localeCompare(b.date) || timeToMinutes(a.time_start) - timeToMinutes(b.time_start);

/** The cards of a list of rows, by date and start. */
export function chainsOf<Row extends ChainRow>(rows: readonly Row[]): Chain<Row>[] {
  const chains: Chain<Row>[] = [];
  for (const row of [...rows].sort(byDateAndStart)) {
    const current = chains.at(-1);
    const last = current?.rows.at(-1);
    if (current && last && continues(last, row)) {
      current.rows.push(row);
      current.end = row.time_end;
      continue;
    }
    chains.push({ key: `${row.id}-${row.date}-${row.time_start}`, date: row.date, start: row.time_start, end: row.time_end, rows: [row], paid: row.fully_paid === 1 });
  }
  return chains;
}

/** The chain a cell of a date lies in, if any. */
export const chainAt = <Row extends ChainRow>(chains: readonly Chain<Row>[], date: string, cell: string): Chain<Row> | undefined => {
  const minute = timeToMinutes(cell);
  return chains.find((chain) => chain.date === date && timeToMinutes(chain.start) <= minute && minute < timeToMinutes(chain.end, true));
};
