import type { Transaction } from 'kysely';
import { bookingChange, STREAM_PREFIXES, studioDayEventSchemas, type CalendarTables, type StudioDayEvent } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { calendarTableDdl } from './tables';

type Trx = Transaction<CalendarTables>;


async function applyStudioDayEvent(trx: Trx, event: StudioDayEvent): Promise<void> {
  const day = { studio: event.data.studio, date: event.data.date };
  switch (event.type) {
    case 'SlotsHeld':
    case 'SlotsReserved': {
      const { data } = event;
      const held = event.type === 'SlotsHeld' ? event.data : undefined;
      const rows = data.cells.map((cell) => ({
        ...day,
        cell,
        state: held ? ('held' as const) : ('booked' as const),
        booking_id: data.bookingId,
        hold_id: held?.holdId ?? null,
        user_id: data.occupant.userId ?? null,
        customer_phone: data.occupant.phone ?? null,
        visitor: data.occupant.visitor ?? null,
        technical: event.type === 'SlotsReserved' ? event.data.technical : false,
        expires_at: held?.expiresAt ?? null,
      }));
      // The ledger never lets cells overlap, so a conflict can only be an older row of the same cell.
      await trx
        .insertInto('calendar_cells')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['studio', 'date', 'cell']).doUpdateSet((eb) => ({
            state: eb.ref('excluded.state'),
            booking_id: eb.ref('excluded.booking_id'),
            hold_id: eb.ref('excluded.hold_id'),
            user_id: eb.ref('excluded.user_id'),
            customer_phone: eb.ref('excluded.customer_phone'),
            visitor: eb.ref('excluded.visitor'),
            technical: eb.ref('excluded.technical'),
            expires_at: eb.ref('excluded.expires_at'),
          })),
        )
        .execute();
      return;
    }
    case 'HoldConfirmed':
      await trx
        .updateTable('calendar_cells')
        .set({ state: 'booked', booking_id: event.data.bookingId, expires_at: null })
        .where((eb) => eb.and({ ...day, hold_id: event.data.holdId }))
        .execute();
      return;
    case 'HoldReleased':
      await trx.deleteFrom('calendar_cells').where((eb) => eb.and({ ...day, hold_id: event.data.holdId })).execute();
      return;
    case 'BookingReleased':
      await trx
        .deleteFrom('calendar_cells')
        .where((eb) => eb.and({ ...day, booking_id: event.data.bookingId }))
        .where('cell', 'in', event.data.cells)
        .execute();
      return;
  }
}

/** Held and booked half-hour cells per studio and day, from the studio-day ledgers. */
export const calendarProjection: ProjectionDefinition<CalendarTables> = {
  name: 'calendar',
  // 2: cells keep their occupant's visitor key.
  version: 2,
  tables: calendarTableDdl,
  apply: applyFrom<CalendarTables>(
    eventSource({
      streams: STREAM_PREFIXES.studioDay,
      events: studioDayEventSchemas,
      async apply(trx, event: StudioDayEvent, recorded) {
        await applyStudioDayEvent(trx, event);
        return bookingChange({ studio: event.data.studio, date: event.data.date }, recorded.position);
      },
    }),
  ),
};
