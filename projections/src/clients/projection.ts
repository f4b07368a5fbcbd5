import type { Transaction } from 'kysely';
import type { ClientsTables } from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';
import type { MoneyEvent } from '../payments/intent-money';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { applyClientsInBatch } from './batch-apply';
import { clientPhoneOf } from './client-identity';
import { refreshClients } from './client-row';
import { bookingUpdate, clientsMoney, clientStreams, newBookingRow, type AccountEvent, type ClientBookingEvent } from './events';
import { clientsTableDdl } from './tables';

type Trx = Transaction<ClientsTables>;

// Event by event, each change to a client rewrites it at once; the batched apply (./batch-apply.ts)
// rewrites each touched client once at the end, which leaves the same rows because the refresh
// reads only the tables, and every change to what it reads asks for it.
const refresh = (trx: Trx, phone: string) => refreshClients(trx, [phone]);

/** The client an account's change concerns (refreshed after the change is written). */
async function accountPhone(trx: Trx, customerId: string): Promise<string | undefined> {
  return (await trx.selectFrom('client_accounts').select('phone').where('customer_id', '=', customerId).executeTakeFirst())?.phone;
}

async function applyAccountEvent(trx: Trx, event: AccountEvent): Promise<void> {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, name, surname, email, registeredAt } = event.data;
      // Already E.164; read the same way as a booking's phone all the same, so both always meet.
      const phone = clientPhoneOf(event.data.phone) ?? event.data.phone;
      await trx
        .insertInto('client_accounts')
        .values({ customer_id: customerId, phone, name, surname, email, registered_at: new Date(registeredAt), withdrawn: false })
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
      return refresh(trx, phone);
    }
    case 'CustomerProfileChanged': {
      const { customerId, name, surname, email } = event.data;
      await trx.updateTable('client_accounts').set({ name, surname, email }).where('customer_id', '=', customerId).execute();
      break;
    }
    case 'CustomerRegistrationWithdrawn':
      await trx.updateTable('client_accounts').set({ withdrawn: true }).where('customer_id', '=', event.data.customerId).execute();
      break;
  }
  const phone = await accountPhone(trx, event.data.customerId);
  if (phone) await refresh(trx, phone);
}

async function applyBookingEvent(trx: Trx, event: ClientBookingEvent, at: Date): Promise<void> {
  switch (event.type) {
    case 'BookingPlaced':
    case 'BookingCreatedByStaff': {
      if (event.type === 'BookingCreatedByStaff' && event.data.technical) return;
      const row = newBookingRow(event, at);
      if (!row) return;
      await trx
        .insertInto('client_bookings')
        .values({ ...row, blocks: JSON.stringify(row.blocks), services: JSON.stringify(row.services), total: Number(row.total), kept: 0 })
        .onConflict((oc) => oc.column('booking_id').doNothing())
        .execute();
      // A checkout's booking is the client's once a payment confirms it; staff's at once.
      if (event.type === 'BookingCreatedByStaff') await refresh(trx, row.phone);
      return;
    }
    default: {
      const update = bookingUpdate(event);
      // One statement: the row as changed says whose it is and whether it held.
      const row = await trx
        .updateTable('client_bookings')
        .set('blocks' in update ? { ...update, blocks: JSON.stringify(update.blocks) } : update)
        .where('booking_id', '=', event.data.bookingId)
        .returning(['phone', 'firm'])
        .executeTakeFirst();
      if (row?.firm) await refresh(trx, row.phone);
    }
  }
}

/** The phone of a booking that held, for a change to its money; a checkout never paid changes no client. */
async function applyMoneyEvent(trx: Trx, event: MoneyEvent): Promise<void> {
  if (!(await clientsMoney.record(trx, event))) return;
  const row = await trx.selectFrom('client_bookings').select('phone').where('intent_id', '=', event.data.intentId).where('firm', '=', true).executeTakeFirst();
  if (row) await refresh(trx, row.phone);
}

const clientSources = [
  eventSource({ ...clientStreams.accounts, apply: (trx: Trx, event: AccountEvent) => applyAccountEvent(trx, event) }),
  eventSource({
    ...clientStreams.bookings,
    apply: (trx: Trx, event: ClientBookingEvent, recorded: RecordedEvent) => applyBookingEvent(trx, event, recorded.createdAt),
  }),
  eventSource({ ...clientStreams.money, apply: (trx: Trx, event: MoneyEvent) => applyMoneyEvent(trx, event) }),
];

/**
 * The back-office's client base (docs/clients.md#what-it-does «Client base», issue 10): one client per
 * normalised phone, whether known from an account, from a customer's or guest's paid booking, or
 * from a booking staff made, with the statistics the list filters on.
 */
export const clientsProjection: ProjectionDefinition<ClientsTables> = {
  name: 'clients',
  // v2: follows a customer's reschedule (BookingRescheduled: the new day and price).
  version: 2,
  tables: clientsTableDdl,
  apply: applyFrom<ClientsTables>(...clientSources),
  async applyBatch(trx, events) {
    await applyClientsInBatch(trx, events);
    // Nobody watches the client base live: the list asks again.
    return [];
  },
};
