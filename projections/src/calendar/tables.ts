import type { ColumnType, Selectable } from 'kysely';

export interface CalendarCellsTable {
  studio: string;
  /** YYYY-MM-DD, a Postgres date: readers select it as text (`date::text`) so no time zone ever shifts a day. */
  date: string;
  /** Start of the half-hour cell, HH:MM. */
  cell: string;
  state: 'held' | 'booked';
  booking_id: string;
  hold_id: string | null;
  user_id: string | null;
  customer_phone: string | null;
  technical: boolean;
  /** Written as the event's ISO instant, read back as a Date. */
  expires_at: ColumnType<Date | null, string | null, string | null>;
}

export interface CalendarTables {
  calendar_cells: CalendarCellsTable;
}

export type CalendarCell = Selectable<CalendarCellsTable>;

export const calendarTableDdl = {
  calendar_cells: (table: string) => [
    `CREATE TABLE IF NOT EXISTS ${table} (
      studio text NOT NULL,
      date date NOT NULL,
      cell text NOT NULL,
      state text NOT NULL CHECK (state IN ('held', 'booked')),
      booking_id text NOT NULL,
      hold_id text,
      user_id text,
      customer_phone text,
      technical boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      PRIMARY KEY (studio, date, cell)
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_hold ON ${table} (hold_id) WHERE hold_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${table}_booking ON ${table} (booking_id)`,
  ],
};
