import type { Transaction } from 'kysely';
import type { RecordedEvent } from '@studio/platform';
import { bookingChange, STREAM_PREFIXES, studioDayEventSchemas, type CalendarTables, type StudioDayEvent } from '@studio/domain';
import type { ProjectionChange, ProjectionDefinition } from '../runtime/definition';
import { applyFrom, decodeFrom, eventSource } from '../runtime/event-sources';
import { applyStudioDaysInBatch } from './batch-apply';
import { occupiedCells, overwriteCell } from './cells';
import { calendarTableDdl } from './tables';

type Trx = Transaction<CalendarTables>;

const dayChanged = (event: StudioDayEvent, recorded: RecordedEvent) => bookingChange({ studio: event.data.studio, date: event.data.date }, recorded.position);

async function applyStudioDayEvent(trx: Trx, event: StudioDayEvent): Promise<void> {
  const day = { studio: event.data.studio, date: event.data.date };
  switch (event.type) {
    case 'SlotsHeld':
    case 'SlotsReserved': {
      await trx.insertInto('calendar_cells').values(occupiedCells(event)).onConflict(overwriteCell).execute();
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

const studioDays = eventSource({
  streams: STREAM_PREFIXES.studioDay,
  events: studioDayEventSchemas,
  async apply(trx: Trx, event: StudioDayEvent, recorded) {
    await applyStudioDayEvent(trx, event);
    return dayChanged(event, recorded);
  },
});

/** Held and booked half-hour cells per studio and day, from the studio-day ledgers. */
export const calendarProjection: ProjectionDefinition<CalendarTables> = {
  name: 'calendar',
  // 2: cells keep their occupant's visitor key.
  version: 2,
  tables: calendarTableDdl,
  apply: applyFrom<CalendarTables>(studioDays),
  async applyBatch(trx, events) {
    const decoded = decodeFrom(studioDays, events);
    await applyStudioDaysInBatch(trx, decoded.map(({ event }) => event));
    // One notice a studio day, at the day's last event: a calendar refetches the day once, however many of its events the batch held.
    const days = new Map<string, ProjectionChange>();
    for (const { event, recorded } of decoded) {
      const key = `${event.data.studio} ${event.data.date}`;
      days.delete(key);
      days.set(key, dayChanged(event, recorded));
    }
    return [...days.values()];
  },
};
