import type { Insertable, OnConflictBuilder, OnConflictUpdateBuilder } from 'kysely';
import type { CalendarCellsTable, CalendarTables, StudioDayEvent } from '@studio/domain';

/** The ledger never lets cells overlap, so a conflict can only be an older row of the same cell: the new one replaces it. */
export const overwriteCell = (oc: OnConflictBuilder<CalendarTables, 'calendar_cells'>): OnConflictUpdateBuilder<CalendarTables, 'calendar_cells'> =>
  oc.columns(['studio', 'date', 'cell']).doUpdateSet((eb) => ({
    state: eb.ref('excluded.state'),
    booking_id: eb.ref('excluded.booking_id'),
    hold_id: eb.ref('excluded.hold_id'),
    user_id: eb.ref('excluded.user_id'),
    customer_phone: eb.ref('excluded.customer_phone'),
    visitor: eb.ref('excluded.visitor'),
    technical: eb.ref('excluded.technical'),
    expires_at: eb.ref('excluded.expires_at'),
  }));

/** A cell's row as written; the instant stays text (the event's, or as Postgres printed it). */
export type CellRow = Required<Insertable<CalendarCellsTable>>;

/** The rows a hold or a staff reservation writes, one a cell. */
export function occupiedCells(event: Extract<StudioDayEvent, { type: 'SlotsHeld' | 'SlotsReserved' }>): CellRow[] {
  const held = event.type === 'SlotsHeld' ? event.data : undefined;
  const { studio, date, occupant, bookingId } = event.data;
  return event.data.cells.map((cell) => ({
    studio,
    date,
    cell,
    state: held ? 'held' : 'booked',
    booking_id: bookingId,
    hold_id: held?.holdId ?? null,
    user_id: occupant.userId ?? null,
    customer_phone: occupant.phone ?? null,
    visitor: occupant.visitor ?? null,
    technical: event.type === 'SlotsReserved' ? event.data.technical : false,
    expires_at: held?.expiresAt ?? null,
  }));
}
