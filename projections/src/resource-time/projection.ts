import {
  photographerScheduleEventSchemas,
  resourceTimeChange,
  resourceTimeEventSchemas,
  sharedEquipmentEventSchemas,
  STREAM_PREFIXES,
  type PhotographerScheduleEvent,
  type ResourceTimeEvent,
  type ResourceTimeTables,
  type SharedEquipmentEvent,
} from '@studio/domain';
import type { Transaction } from 'kysely';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

/** Takes or frees a resource's cells in its hours table: one row per cell and booking holding it. */
async function applyHours(trx: Transaction<ResourceTimeTables>, table: 'photographer_hours' | 'equipment_hours', event: ResourceTimeEvent): Promise<void> {
  const { resource, date, cells, bookingId } = event.data;
  const column = table === 'photographer_hours' ? 'photographer_id' : 'item_id';
  if (event.type === 'ResourceTimeTaken') {
    const rows = cells.map((cell) => ({ [column]: resource.id, date, cell, booking_id: bookingId, studio: event.data.studio }));
    await trx
      .insertInto(table)
      .values(rows as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
    return;
  }
  await trx
    .deleteFrom(table)
    .where(column as never, '=', resource.id as never)
    .where('date', '=', date)
    .where('booking_id', '=', bookingId)
    .where('cell', 'in', cells)
    .execute();
}

/** One kind of resource's day streams, applied to its hours table; every change is pushed with its date. */
const hoursSource = (streams: string, table: 'photographer_hours' | 'equipment_hours') =>
  eventSource({
    streams,
    events: resourceTimeEventSchemas,
    async apply(trx: Transaction<ResourceTimeTables>, event: ResourceTimeEvent, recorded) {
      await applyHours(trx, table, event);
      return resourceTimeChange({ date: event.data.date }, recorded.position);
    },
  });

/**
 * The resources' time (docs/photographers.md): photographers' booked hours, cell by cell, and their
 * working schedules (GET /api/photographers/availability and the back-office's day view), and the
 * shared equipment items with their booked pieces (GET /api/equipment/availability and the
 * back-office's equipment tab). Each change is pushed as resourceTimeChange, so the booking page
 * re-reads who and what is free. Named photographer-time before version 2 (docs/operations.md#renamed-read-models).
 */
export const resourceTimeProjection: ProjectionDefinition<ResourceTimeTables> = {
  name: 'resource-time',
  version: 2,
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
    equipment_hours: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        item_id text NOT NULL,
        date text NOT NULL,
        cell text NOT NULL,
        booking_id text NOT NULL,
        studio text NOT NULL,
        PRIMARY KEY (date, item_id, cell, booking_id)
      )`,
    ],
    shared_equipment: (table) => [`CREATE TABLE IF NOT EXISTS ${table} (item_id text PRIMARY KEY, name text NOT NULL, count int NOT NULL, service_ids jsonb NOT NULL)`],
  },
  apply: applyFrom<ResourceTimeTables>(
    hoursSource(STREAM_PREFIXES.photographerDay, 'photographer_hours'),
    hoursSource(STREAM_PREFIXES.equipmentDay, 'equipment_hours'),
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
        return resourceTimeChange({}, recorded.position);
      },
    }),
    eventSource({
      streams: STREAM_PREFIXES.sharedEquipment,
      events: sharedEquipmentEventSchemas,
      async apply(trx, event: SharedEquipmentEvent, recorded) {
        const { itemId, item } = event.data;
        const row = { name: item.name, count: item.count, service_ids: JSON.stringify(item.serviceIds) as never };
        await trx
          .insertInto('shared_equipment')
          .values({ item_id: itemId, ...row })
          .onConflict((oc) => oc.column('item_id').doUpdateSet(row))
          .execute();
        return resourceTimeChange({}, recorded.position);
      },
    }),
  ),
};
