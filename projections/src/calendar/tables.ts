import type { CalendarTables } from '@studio/domain';

export const calendarTableDdl: Record<keyof CalendarTables, (table: string) => string[]> = {
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
      visitor text,
      technical boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      PRIMARY KEY (studio, date, cell)
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_hold ON ${table} (hold_id) WHERE hold_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${table}_booking ON ${table} (booking_id)`,
  ],
};
