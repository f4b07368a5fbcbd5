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
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { clientPhoneOf } from './client-identity';
import { refreshClient } from './client-row';
import { clientsTableDdl } from './tables';

type Trx = Transaction<ClientsTables>;

const { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn } = customerEventSchemas;
type AccountEvent = Extract<CustomerEvent, { type: 'CustomerRegistered' | 'CustomerProfileChanged' | 'CustomerRegistrationWithdrawn' }>;

const { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingCompleted, BookingMoved } = bookingEventSchemas;
type ClientBookingEvent = Extract<BookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' | 'BookingConfirmed' | 'BookingCanceled' | 'BookingCompleted' | 'BookingMoved' }>;


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
      return refreshClient(trx, phone);
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
  if (phone) await refreshClient(trx, phone);
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

async function applyBookingEvent(trx: Trx, event: ClientBookingEvent, at: Date): Promise<void> {
  const { bookingId } = event.data;
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
      if (phone) await refreshClient(trx, phone);
      return;
    }
    case 'BookingConfirmed':
      await trx.updateTable('client_bookings').set({ status: 'confirmed', firm: true }).where('booking_id', '=', bookingId).execute();
      break;
    case 'BookingCanceled':
      await trx.updateTable('client_bookings').set({ status: 'canceled' }).where('booking_id', '=', bookingId).execute();
      break;
    case 'BookingCompleted':
      await trx.updateTable('client_bookings').set({ status: 'completed' }).where('booking_id', '=', bookingId).execute();
      break;
    case 'BookingMoved': {
      const { date, cells } = event.data.to;
      await trx.updateTable('client_bookings').set({ blocks: JSON.stringify([{ date, cells }]), first_date: date, last_date: date }).where('booking_id', '=', bookingId).execute();
      break;
    }
  }
  const phone = await firmBookingPhone(trx, 'booking_id', bookingId);
  if (phone) await refreshClient(trx, phone);
}

const money = intentMoney<ClientsTables>('client_money');

async function applyMoneyEvent(trx: Trx, event: MoneyEvent): Promise<void> {
  if (!(await money.record(trx, event))) return;
  const phone = await firmBookingPhone(trx, 'intent_id', event.data.intentId);
  if (phone) await refreshClient(trx, phone);
}

/**
 * The back-office's client base (docs/clients.md#what-it-does «Client base», issue 10): one client per
 * normalised phone, whether known from an account, from a customer's or guest's paid booking, or
 * from a booking staff made, with the statistics the list filters on.
 */
export const clientsProjection: ProjectionDefinition<ClientsTables> = {
  name: 'clients',
  version: 1,
  tables: clientsTableDdl,
  apply: applyFrom<ClientsTables>(
    eventSource({
      // Phone claims share the prefix (customer-phone-…); only the accounts' own events are taken.
      streams: STREAM_PREFIXES.customer,
      events: { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn },
      apply: (trx, event: AccountEvent) => applyAccountEvent(trx, event),
    }),
    eventSource({
      streams: STREAM_PREFIXES.booking,
      events: { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingCompleted, BookingMoved },
      apply: (trx, event: ClientBookingEvent, recorded) => applyBookingEvent(trx, event, recorded.createdAt),
    }),
    eventSource({
      streams: STREAM_PREFIXES.paymentIntent,
      events: MONEY_EVENTS,
      apply: (trx, event: MoneyEvent) => applyMoneyEvent(trx, event),
    }),
  ),
};
