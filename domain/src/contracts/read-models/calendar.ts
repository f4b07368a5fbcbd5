import type { ColumnType, Selectable } from 'kysely';

/** Held and booked half-hour cells; the calendar projection writes it, query-api and the workers' sweep read it. */
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
  /** The occupant's visitor key (SHA-256 hex of its browser's cookie); never sent to anybody. */
  visitor: string | null;
  technical: boolean;
  /** Written as the event's ISO instant, read back as a Date. */
  expires_at: ColumnType<Date | null, string | null, string | null>;
}

export interface CalendarTables {
  calendar_cells: CalendarCellsTable;
}

export type CalendarCell = Selectable<CalendarCellsTable>;
