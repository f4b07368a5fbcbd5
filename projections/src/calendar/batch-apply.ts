import { sql, type Transaction } from 'kysely';
import type { CalendarTables, StudioDayEvent } from '@studio/domain';
import { occupiedCells, overwriteCell, type CellRow } from './cells';

type Trx = Transaction<CalendarTables>;

const COLUMN_TYPES: Record<keyof CellRow, string> = {
  studio: 'text',
  date: 'date',
  cell: 'text',
  state: 'text',
  booking_id: 'text',
  hold_id: 'text',
  user_id: 'text',
  customer_phone: 'text',
  visitor: 'text',
  technical: 'boolean',
  expires_at: 'timestamptz',
};
const COLUMNS = Object.keys(COLUMN_TYPES) as (keyof CellRow)[];

const dayKey = (studio: string, date: string) => `${studio}\u0000${date}`;

/** What one event does to its day's cells: the same as its statements in ./projection.ts. */
function fold(cells: Map<string, CellRow>, event: StudioDayEvent): void {
  switch (event.type) {
    case 'SlotsHeld':
    case 'SlotsReserved':
      for (const row of occupiedCells(event)) cells.set(row.cell, row);
      return;
    case 'HoldConfirmed':
      for (const [key, row] of cells) {
        if (row.hold_id === event.data.holdId) cells.set(key, { ...row, state: 'booked', booking_id: event.data.bookingId, expires_at: null });
      }
      return;
    case 'HoldReleased':
      for (const [key, row] of cells) if (row.hold_id === event.data.holdId) cells.delete(key);
      return;
    case 'BookingReleased':
      for (const cell of event.data.cells) if (cells.get(cell)?.booking_id === event.data.bookingId) cells.delete(cell);
      return;
  }
}

const sameCell = (a: CellRow, b: CellRow) => COLUMNS.every((column) => a[column] === b[column]);

/** One array per column, for `unnest`: a statement of fixed shape whatever the number of rows. */
const columnArrays = (rows: readonly CellRow[], columns: readonly (keyof CellRow)[]) =>
  sql.join(columns.map((column) => sql`${rows.map((row) => row[column])}::${sql.raw(COLUMN_TYPES[column])}[]`));

/**
 * Applies a batch of studio-day events with a few statements instead of one an event: loads the
 * cells of every day the batch touches, replays the events on them in memory (each event only
 * ever touches its own day), then deletes the cells that went and upserts those that changed.
 * Leaves exactly the rows the event-by-event statements leave (calendar/batch-apply.int.spec.ts).
 */
export async function applyStudioDaysInBatch(trx: Trx, events: readonly StudioDayEvent[]): Promise<void> {
  if (events.length === 0) return;
  const days = new Map<string, { studio: string; date: string }>();
  for (const { data } of events) days.set(dayKey(data.studio, data.date), { studio: data.studio, date: data.date });
  const daysList = [...days.values()];
  const { rows } = await sql<CellRow>`
    SELECT studio, date::text AS date, cell, state, booking_id, hold_id, user_id, customer_phone, visitor, technical, expires_at::text AS expires_at
    FROM ${sql.table('calendar_cells')}
    WHERE (studio, date) IN (SELECT * FROM unnest(${daysList.map((d) => d.studio)}::text[], ${daysList.map((d) => d.date)}::date[]))`.execute(trx);

  const before = new Map<string, CellRow>();
  const after = new Map<string, Map<string, CellRow>>([...days.keys()].map((key) => [key, new Map()]));
  for (const row of rows) {
    before.set(`${dayKey(row.studio, row.date)}\u0000${row.cell}`, row);
    after.get(dayKey(row.studio, row.date))!.set(row.cell, row);
  }
  for (const event of events) fold(after.get(dayKey(event.data.studio, event.data.date))!, event);

  const changed: CellRow[] = [];
  for (const [day, cells] of after) {
    for (const [cell, row] of cells) {
      const key = `${day}\u0000${cell}`;
      const old = before.get(key);
      before.delete(key);
      if (!old || !sameCell(old, row)) changed.push(row);
    }
  }
  const gone = [...before.values()];
  if (gone.length) {
    await sql`DELETE FROM ${sql.table('calendar_cells')}
      WHERE (studio, date, cell) IN (SELECT * FROM unnest(${columnArrays(gone, ['studio', 'date', 'cell'])}))`.execute(trx);
  }
  if (changed.length) {
    await trx
      .insertInto('calendar_cells')
      .columns(COLUMNS)
      .expression(sql`SELECT * FROM unnest(${columnArrays(changed, COLUMNS)})`)
      .onConflict(overwriteCell)
      .execute();
  }
}
