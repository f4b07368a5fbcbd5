import { sql, type Transaction } from 'kysely';
import { bookingEventSchemas, changePolicyEventSchemas, STREAM_PREFIXES, type BookingEvent, type ChangePolicyEvent, type ChangePolicyTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

type Trx = Transaction<ChangePolicyTables>;

async function applyPolicyEvent(trx: Trx, { data }: ChangePolicyEvent, at: Date): Promise<void> {
  const row = {
    version: data.version,
    free_cancel_hours: data.freeCancelHours,
    late_cancel_kept_percent: data.lateCancelKeptPercent,
    free_reschedule_hours: data.freeRescheduleHours,
    max_reschedules: data.maxReschedules,
    updated_by: data.staffName,
    updated_at: at,
  };
  await trx
    .insertInto('change_policies')
    .values({ studio: data.studio, ...row })
    .onConflict((oc) => oc.column('studio').doUpdateSet(row))
    .execute();
}

type TermsEvent = Extract<BookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' | 'BookingRescheduleRequested' | 'BookingRescheduled' | 'BookingRescheduleLapsed' }>;

async function applyBookingEvent(trx: Trx, event: TermsEvent, at: Date): Promise<void> {
  const { bookingId } = event.data;
  const row = trx.updateTable('booking_change_terms').where('booking_id', '=', bookingId);
  switch (event.type) {
    case 'BookingPlaced':
    case 'BookingCreatedByStaff':
      await trx
        .insertInto('booking_change_terms')
        .values({ booking_id: bookingId, policy: JSON.stringify(event.type === 'BookingPlaced' ? (event.data.changePolicy ?? null) : null), reschedules: 0, pending: 'null', updated_at: at })
        .onConflict((oc) => oc.column('booking_id').doNothing())
        .execute();
      return;
    case 'BookingRescheduleRequested':
      await row.set({ pending: JSON.stringify(event.data), updated_at: at }).execute();
      return;
    case 'BookingRescheduled':
      await row.set({ pending: 'null', reschedules: sql`reschedules + 1`, updated_at: at }).execute();
      return;
    case 'BookingRescheduleLapsed':
      await row.set({ pending: 'null', updated_at: at }).where(sql<boolean>`pending->>'holdId' = ${event.data.holdId}`).execute();
      return;
  }
}

const { BookingPlaced, BookingCreatedByStaff, BookingRescheduleRequested, BookingRescheduled, BookingRescheduleLapsed } = bookingEventSchemas;

/** The change policies and each customer booking's terms under them (docs/change-policy.md): the back-office editor and the cabinet's change-options read them. */
export const changePolicyProjection: ProjectionDefinition<ChangePolicyTables> = {
  name: 'change-policy',
  version: 1,
  tables: {
    change_policies: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        studio text PRIMARY KEY,
        version int NOT NULL,
        free_cancel_hours int NOT NULL,
        late_cancel_kept_percent int NOT NULL,
        free_reschedule_hours int NOT NULL,
        max_reschedules int NOT NULL,
        updated_by text NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    ],
    booking_change_terms: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        booking_id text PRIMARY KEY,
        policy jsonb,
        reschedules int NOT NULL,
        pending jsonb,
        updated_at timestamptz NOT NULL
      )`,
    ],
  },
  apply: applyFrom<ChangePolicyTables>(
    eventSource({
      streams: STREAM_PREFIXES.changePolicy,
      events: changePolicyEventSchemas,
      apply: (trx, event: ChangePolicyEvent, recorded) => applyPolicyEvent(trx, event, recorded.createdAt),
    }),
    eventSource({
      streams: STREAM_PREFIXES.booking,
      events: { BookingPlaced, BookingCreatedByStaff, BookingRescheduleRequested, BookingRescheduled, BookingRescheduleLapsed },
      apply: (trx, event: TermsEvent, recorded) => applyBookingEvent(trx, event, recorded.createdAt),
    }),
  ),
};
