import {
  photographerScheduleEventSchemas,
  photographerTimeChange,
  resourceTimeEventSchemas,
  STREAM_PREFIXES,
  type PhotographerScheduleEvent,
  type PhotographerTimeTables,
  type ResourceTimeEvent,
} from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

/**
 * Photographers' booked hours, cell by cell, and their working schedules (docs/photographers.md):
 * what GET /api/photographers/availability and the back-office's day view read. Each change is
 * pushed as photographerTimeChange, so the booking page re-reads who is free.
 */
export const photographerTimeProjection: ProjectionDefinition<PhotographerTimeTables> = {
  name: 'photographer-time',
  version: 1,
  tables: {
    photographer_hours: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        photographer_id text NOT NULL,
        date text NOT NULL,
        cell text NOT NULL,
        booking_id text NOT NULL,
        studio text NOT NULL,
        PRIMARY KEY (date, photographer_id, cell, booking_id)
      )`,
    ],
    photographer_schedules: (table) => [`CREATE TABLE IF NOT EXISTS ${table} (photographer_id text PRIMARY KEY, schedule jsonb NOT NULL)`],
  },
  apply: applyFrom<PhotographerTimeTables>(
    eventSource({
      streams: STREAM_PREFIXES.photographerDay,
      events: resourceTimeEventSchemas,
      async apply(trx, event: ResourceTimeEvent, recorded) {
        const { resource, date, cells, bookingId } = event.data;
        if (event.type === 'ResourceTimeTaken') {
          const rows = cells.map((cell) => ({ photographer_id: resource.id, date, cell, booking_id: bookingId, studio: event.data.studio }));
          await trx.insertInto('photographer_hours').values(rows).onConflict((oc) => oc.doNothing()).execute();
        } else {
          await trx
            .deleteFrom('photographer_hours')
            .where('photographer_id', '=', resource.id)
            .where('date', '=', date)
            .where('booking_id', '=', bookingId)
            .where('cell', 'in', cells)
            .execute();
        }
        return photographerTimeChange({ date }, recorded.position);
      },
    }),
    eventSource({
      streams: STREAM_PREFIXES.photographerSchedule,
      events: photographerScheduleEventSchemas,
      async apply(trx, event: PhotographerScheduleEvent, recorded) {
        const { photographerId, schedule } = event.data;
        await trx
          .insertInto('photographer_schedules')
          .values({ photographer_id: photographerId, schedule: JSON.stringify(schedule) as never })
          .onConflict((oc) => oc.column('photographer_id').doUpdateSet({ schedule: JSON.stringify(schedule) as never }))
          .execute();
        return photographerTimeChange({}, recorded.position);
      },
    }),
  ),
};
