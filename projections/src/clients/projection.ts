import type { Transaction } from 'kysely';
import {
  bookingEventSchemas,
  customerEventSchemas,
  STREAM_PREFIXES,
  type AdminShootingFormat,
  type BookingEvent,
  type ClientsTables,
  type CustomerEvent,
} from '@studio/domain';
import { intentMoney, MONEY_EVENTS, type MoneyEvent } from '../payments/intent-money';
import type { RecordedEvent } from '@studio/platform';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { clientPhoneOf } from './client-identity';
import { refreshClient } from './client-row';
import { clientsTableDdl } from './tables';

type Trx = Transaction<ClientsTables>;
/**
 * What an event does once it has changed the client of a phone: `apply` rewrites that client at
 * once; `applyBatch` notes the phone and rewrites each client once at the end of the batch, which
 * leaves the same rows because `refreshClient` reads only the tables, and every change to what it
 * reads asks for it.
 */
type Refresh = (trx: Trx, phone: string) => Promise<void>;

const { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn } = customerEventSchemas;
type AccountEvent = Extract<CustomerEvent, { type: 'CustomerRegistered' | 'CustomerProfileChanged' | 'CustomerRegistrationWithdrawn' }>;

const { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingCompleted, BookingMoved } = bookingEventSchemas;
type ClientBookingEvent = Extract<BookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' | 'BookingConfirmed' | 'BookingCanceled' | 'BookingCompleted' | 'BookingMoved' }>;


/** The client an account's change concerns (refreshed after the change is written). */
async function accountPhone(trx: Trx, customerId: string): Promise<string | undefined> {
  return (await trx.selectFrom('client_accounts').select('phone').where('customer_id', '=', customerId).executeTakeFirst())?.phone;
}

async function applyAccountEvent(trx: Trx, event: AccountEvent, refresh: Refresh): Promise<void> {
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

interface MadeBooking {
  bookingId: string;
  intentId: string;
  studio: string;
  blocks: readonly { date: string; cells: readonly string[] }[];
  price: { total: number };
}

/** A booking's row under its customer's phone; a booking with no phone (a technical one) is nobody's. */
async function insertBooking(
  trx: Trx,
  d: MadeBooking,
  customer: { name: string; phone: string; email?: string | undefined },
  own: { status: 'pending' | 'confirmed'; firm: boolean; shooting_format: AdminShootingFormat; services: { name: string; price: number }[] },
  at: Date,
): Promise<string | null> {
  const phone = clientPhoneOf(customer.phone);
  if (!phone) return null;
  const dates = d.blocks.map((block) => block.date).sort();
  await trx
    .insertInto('client_bookings')
    .values({
      booking_id: d.bookingId,
      intent_id: d.intentId,
      phone,
      customer_name: customer.name,
      customer_email: customer.email ?? '',
      studio: d.studio,
      ...own,
      services: JSON.stringify(own.services),
      blocks: JSON.stringify(d.blocks),
      first_date: dates[0]!,
      last_date: dates.at(-1)!,
      total: d.price.total,
      kept: 0,
      placed_at: at,
    })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
  return phone;
}

/** The phone of a booking that held, for a change to it; a checkout never paid changes no client. */
async function firmBookingPhone(trx: Trx, key: 'booking_id' | 'intent_id', value: string): Promise<string | undefined> {
  return (await trx.selectFrom('client_bookings').select('phone').where(key, '=', value).where('firm', '=', true).executeTakeFirst())?.phone;
}

/** What a change to a booking's row sets. */
function bookingUpdate(event: Exclude<ClientBookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' }>) {
  switch (event.type) {
    case 'BookingConfirmed':
      return { status: 'confirmed', firm: true } as const;
    case 'BookingCanceled':
      return { status: 'canceled' } as const;
    case 'BookingCompleted':
      return { status: 'completed' } as const;
    case 'BookingMoved': {
      const { date, cells } = event.data.to;
      return { blocks: JSON.stringify([{ date, cells }]), first_date: date, last_date: date };
    }
  }
}

async function applyBookingEvent(trx: Trx, event: ClientBookingEvent, at: Date, refresh: Refresh): Promise<void> {
  switch (event.type) {
    case 'BookingPlaced': {
      // A checkout: the client's once a payment confirms it.
      const d = event.data;
      const services = d.services.map(({ name, price }) => ({ name, price }));
      await insertBooking(trx, d, d.customer, { status: 'pending', firm: false, shooting_format: d.format.kind, services }, at);
      return;
    }
    case 'BookingCreatedByStaff': {
      const d = event.data;
      if (d.technical) return;
      const phone = await insertBooking(trx, d, d.customer, { status: 'confirmed', firm: true, shooting_format: 'admin', services: [] }, at);
      if (phone) await refresh(trx, phone);
      return;
    }
    default: {
      // One statement: the row as changed says whose it is and whether it held.
      const row = await trx.updateTable('client_bookings').set(bookingUpdate(event)).where('booking_id', '=', event.data.bookingId).returning(['phone', 'firm']).executeTakeFirst();
      if (row?.firm) await refresh(trx, row.phone);
    }
  }
}

const money = intentMoney<ClientsTables>('client_money');

async function applyMoneyEvent(trx: Trx, event: MoneyEvent, refresh: Refresh): Promise<void> {
  if (!(await money.record(trx, event))) return;
  const phone = await firmBookingPhone(trx, 'intent_id', event.data.intentId);
  if (phone) await refresh(trx, phone);
}

const clientSources = (refresh: Refresh) => [
  eventSource({
    // Phone claims share the prefix (customer-phone-…); only the accounts' own events are taken.
    streams: STREAM_PREFIXES.customer,
    events: { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn },
    apply: (trx: Trx, event: AccountEvent) => applyAccountEvent(trx, event, refresh),
  }),
  eventSource({
    streams: STREAM_PREFIXES.booking,
    events: { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingCompleted, BookingMoved },
    apply: (trx: Trx, event: ClientBookingEvent, recorded: RecordedEvent) => applyBookingEvent(trx, event, recorded.createdAt, refresh),
  }),
  eventSource({
    streams: STREAM_PREFIXES.paymentIntent,
    events: MONEY_EVENTS,
    apply: (trx: Trx, event: MoneyEvent) => applyMoneyEvent(trx, event, refresh),
  }),
];

/**
 * The back-office's client base (docs/clients.md#what-it-does «Client base», issue 10): one client per
 * normalised phone, whether known from an account, from a customer's or guest's paid booking, or
 * from a booking staff made, with the statistics the list filters on.
 */
export const clientsProjection: ProjectionDefinition<ClientsTables> = {
  name: 'clients',
  version: 1,
  tables: clientsTableDdl,
  apply: applyFrom<ClientsTables>(...clientSources(refreshClient)),
  async applyBatch(trx, events) {
    const touched = new Set<string>();
    await applyFrom<ClientsTables>(...clientSources(async (_trx, phone) => void touched.add(phone)))(trx, events);
    for (const phone of touched) await refreshClient(trx, phone);
    // Nobody watches the client base live: the list asks again.
    return [];
  },
};
