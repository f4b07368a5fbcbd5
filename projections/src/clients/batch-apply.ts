import { sql, type Transaction } from 'kysely';
import type { ClientsTables } from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';
import type { MoneyEvent } from '../payments/intent-money';
import { clientPhoneOf } from './client-identity';
import { refreshClients } from './client-row';
import { decodeEvent } from '../decode-event';
import { bookingUpdate, clientsMoney, clientStreams, newBookingRow, type AccountEvent, type BookingRow, type ClientBookingEvent, type ClientEvent } from './events';

type Trx = Transaction<ClientsTables>;
type AccountRow = ClientsTables['client_accounts'];

/** The accounts and bookings a batch names, as stored, and the intents' bookings to find a payment's client by. */
async function loadRows(trx: Trx, customerIds: string[], bookingIds: string[], intentIds: string[]) {
  const accounts = customerIds.length
    ? (await sql<AccountRow>`SELECT * FROM ${sql.table('client_accounts')} WHERE customer_id = ANY(${customerIds}::text[])`.execute(trx)).rows
    : [];
  const bookings =
    bookingIds.length || intentIds.length
      ? (
          await sql<BookingRow>`
            SELECT booking_id, intent_id, phone, customer_name, customer_email, studio, status, firm, blocks, first_date::text AS first_date,
              last_date::text AS last_date, shooting_format, services, total::text AS total, placed_at
            FROM ${sql.table('client_bookings')} WHERE booking_id = ANY(${bookingIds}::text[]) OR intent_id = ANY(${intentIds}::text[])`.execute(trx)
        ).rows
      : [];
  return { accounts, bookings };
}

async function saveAccounts(trx: Trx, rows: readonly AccountRow[]): Promise<void> {
  if (!rows.length) return;
  const column = <K extends keyof AccountRow>(name: K) => rows.map((row) => row[name]);
  await sql`
    INSERT INTO ${sql.table('client_accounts')} (customer_id, phone, name, surname, email, registered_at, withdrawn)
    SELECT * FROM unnest(${column('customer_id')}::text[], ${column('phone')}::text[], ${column('name')}::text[], ${column('surname')}::text[],
      ${column('email')}::text[], ${rows.map((row) => row.registered_at.toISOString())}::timestamptz[], ${column('withdrawn')}::boolean[])
    ON CONFLICT (customer_id) DO UPDATE SET name = excluded.name, surname = excluded.surname, email = excluded.email, withdrawn = excluded.withdrawn`.execute(trx);
}

/** New bookings in full; a stored one changes only in what its events change (its kept money is the refresh's). */
async function saveBookings(trx: Trx, rows: readonly BookingRow[]): Promise<void> {
  if (!rows.length) return;
  const column = <K extends keyof BookingRow>(name: K) => rows.map((row) => row[name]);
  const json = (name: 'blocks' | 'services') => rows.map((row) => JSON.stringify(row[name]));
  await sql`
    INSERT INTO ${sql.table('client_bookings')} (booking_id, intent_id, phone, customer_name, customer_email, studio, status, firm, blocks, first_date,
      last_date, shooting_format, services, total, kept, placed_at)
    SELECT * FROM unnest(${column('booking_id')}::text[], ${column('intent_id')}::text[], ${column('phone')}::text[], ${column('customer_name')}::text[],
      ${column('customer_email')}::text[], ${column('studio')}::text[], ${column('status')}::text[], ${column('firm')}::boolean[], ${json('blocks')}::jsonb[],
      ${column('first_date')}::date[], ${column('last_date')}::date[], ${column('shooting_format')}::text[], ${json('services')}::jsonb[],
      ${column('total')}::bigint[], ${rows.map(() => 0)}::bigint[], ${rows.map((row) => row.placed_at.toISOString())}::timestamptz[])
    ON CONFLICT (booking_id) DO UPDATE SET status = excluded.status, firm = excluded.firm, blocks = excluded.blocks,
      first_date = excluded.first_date, last_date = excluded.last_date, total = excluded.total`.execute(trx);
}

const isAccountEvent = (event: ClientEvent): event is AccountEvent => Object.hasOwn(clientStreams.accounts.events, event.type);
const isBookingEvent = (event: ClientEvent): event is ClientBookingEvent => Object.hasOwn(clientStreams.bookings.events, event.type);

/** A batch's events the client base follows, in order, each with when it was recorded. */
function clientEventsOf(events: readonly RecordedEvent[]): { event: ClientEvent; recorded: RecordedEvent }[] {
  const kinds = Object.values(clientStreams);
  return events.flatMap((recorded) => {
    for (const kind of kinds) {
      const event = decodeEvent<{ type: string; data: unknown }>(kind.events as Record<string, { parse(data: unknown): unknown }>, [kind.streams], recorded);
      if (event) return [{ event: event as ClientEvent, recorded }];
    }
    return [];
  });
}

/**
 * Applies a batch in a few statements instead of several an event (docs/performance.md): loads the
 * accounts, bookings and money rows its events name, replays the events on them in memory as the
 * event-by-event apply does in SQL (./projection.ts), writes the changed rows back, and rewrites
 * every client the batch touched at once. Leaves exactly the rows the event-by-event apply leaves
 * (clients/batch-apply.int.spec.ts).
 */
export async function applyClientsInBatch(trx: Trx, recorded: readonly RecordedEvent[]): Promise<void> {
  const events = clientEventsOf(recorded);
  if (!events.length) return;
  const named = { customers: new Set<string>(), bookings: new Set<string>(), intents: new Set<string>() };
  const moneyEvents: MoneyEvent[] = [];
  for (const { event } of events) {
    if (isAccountEvent(event)) named.customers.add(event.data.customerId);
    else if (isBookingEvent(event)) named.bookings.add(event.data.bookingId);
    else {
      named.intents.add(event.data.intentId);
      moneyEvents.push(event);
    }
  }
  const loaded = await loadRows(trx, [...named.customers], [...named.bookings], [...named.intents]);
  const money = await clientsMoney.page(trx, moneyEvents, []);
  const accounts = new Map(loaded.accounts.map((row) => [row.customer_id, row]));
  const bookings = new Map<string, BookingRow>();
  const byIntent = new Map<string, BookingRow[]>();
  const keep = (row: BookingRow) => {
    bookings.set(row.booking_id, row);
    byIntent.set(row.intent_id, [...(byIntent.get(row.intent_id) ?? []), row]);
  };
  loaded.bookings.forEach(keep);
  const changedAccounts = new Set<string>();
  const changedBookings = new Set<string>();
  const touched = new Set<string>();

  for (const { event, recorded: { createdAt } } of events) {
    switch (event.type) {
      case 'CustomerRegistered': {
        const { customerId, name, surname, email, registeredAt } = event.data;
        const phone = clientPhoneOf(event.data.phone) ?? event.data.phone;
        if (!accounts.has(customerId)) {
          accounts.set(customerId, { customer_id: customerId, phone, name, surname, email, registered_at: new Date(registeredAt), withdrawn: false });
          changedAccounts.add(customerId);
        }
        touched.add(phone);
        break;
      }
      case 'CustomerProfileChanged':
      case 'CustomerRegistrationWithdrawn': {
        const account = accounts.get(event.data.customerId);
        if (!account) break;
        if (event.type === 'CustomerProfileChanged') Object.assign(account, { name: event.data.name, surname: event.data.surname, email: event.data.email });
        else account.withdrawn = true;
        changedAccounts.add(account.customer_id);
        touched.add(account.phone);
        break;
      }
      case 'BookingPlaced':
      case 'BookingCreatedByStaff': {
        if (event.type === 'BookingCreatedByStaff' && event.data.technical) break;
        const row = newBookingRow(event, createdAt);
        if (!row) break;
        if (!bookings.has(row.booking_id)) {
          keep(row);
          changedBookings.add(row.booking_id);
        }
        if (event.type === 'BookingCreatedByStaff') touched.add(row.phone);
        break;
      }
      case 'BookingConfirmed':
      case 'BookingCanceled':
      case 'BookingCompleted':
      case 'BookingMoved':
      case 'BookingRescheduled': {
        const row = bookings.get(event.data.bookingId);
        if (!row) break;
        Object.assign(row, bookingUpdate(event));
        changedBookings.add(row.booking_id);
        if (row.firm) touched.add(row.phone);
        break;
      }
      default: {
        if (!money.record(event)) break;
        const firm = byIntent.get(event.data.intentId)?.find((row) => row.firm);
        if (firm) touched.add(firm.phone);
      }
    }
  }
  await saveAccounts(trx, [...changedAccounts].map((id) => accounts.get(id)!));
  await saveBookings(trx, [...changedBookings].map((id) => bookings.get(id)!));
  await money.save();
  await refreshClients(trx, touched);
}
