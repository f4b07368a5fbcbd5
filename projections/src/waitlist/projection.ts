import type { Transaction } from 'kysely';
import { STREAM_PREFIXES, waitlistEventSchemas, type WaitlistEvent, type WaitlistTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

async function applyWaitlistEvent(trx: Transaction<WaitlistTables>, event: WaitlistEvent, at: Date, position: string): Promise<void> {
  const entry = () => trx.updateTable('waitlist_entries').where('entry_id', '=', 'entryId' in event.data ? event.data.entryId : '');
  switch (event.type) {
    case 'WaitlistJoined': {
      const { entryId, customerId, studio, date, timeStart, timeEnd } = event.data;
      await trx
        .insertInto('waitlist_entries')
        .values({ entry_id: entryId, joined_position: position, customer_id: customerId, studio, date, time_start: timeStart, time_end: timeEnd, status: 'waiting', joined_at: at, hold_id: null, offer_expires_at: null, booking_id: null })
        .execute();
      return;
    }
    case 'WaitlistLeft':
      await entry().set({ status: 'left', hold_id: null, offer_expires_at: null }).execute();
      return;
    case 'WaitlistOfferMade':
      await entry().set({ status: 'offered', hold_id: event.data.holdId, offer_expires_at: new Date(event.data.expiresAt) }).execute();
      return;
    case 'WaitlistOfferLapsed':
      await entry().set({ status: 'lapsed', offer_expires_at: null }).execute();
      return;
    case 'WaitlistOfferTaken':
      await entry().set({ status: 'taken', booking_id: event.data.bookingId, offer_expires_at: null }).execute();
      return;
    case 'WaitlistEnded': {
      const { studio, date, timeStart, timeEnd } = event.data;
      await trx
        .updateTable('waitlist_entries')
        .set({ status: 'ended', offer_expires_at: null })
        .where('studio', '=', studio)
        .where('date', '=', date)
        .where('time_start', '=', timeStart)
        .where('time_end', '=', timeEnd)
        .where('status', 'in', ['waiting', 'offered'])
        .execute();
      return;
    }
  }
}

/** Every waitlist entry, its line and its offer: the cabinet's list, staff's day, and the waitlist sweep (docs/waitlist.md). */
export const waitlistProjection: ProjectionDefinition<WaitlistTables> = {
  name: 'waitlist',
  version: 1,
  tables: {
    waitlist_entries: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        entry_id text PRIMARY KEY,
        joined_position text NOT NULL,
        customer_id text NOT NULL,
        studio text NOT NULL,
        date text NOT NULL,
        time_start text NOT NULL,
        time_end text NOT NULL,
        status text NOT NULL,
        joined_at timestamptz NOT NULL,
        hold_id text,
        offer_expires_at timestamptz,
        booking_id text
      )`,
      `CREATE INDEX IF NOT EXISTS ${table}_customer ON ${table} (customer_id, status)`,
      `CREATE INDEX IF NOT EXISTS ${table}_day ON ${table} (date, studio, status)`,
    ],
  },
  apply: applyFrom<WaitlistTables>(
    eventSource({ streams: STREAM_PREFIXES.waitlist, events: waitlistEventSchemas, apply: (trx, event: WaitlistEvent, recorded) => applyWaitlistEvent(trx, event, recorded.createdAt, recorded.position) }),
  ),
};
