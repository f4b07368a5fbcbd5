import type { Transaction } from 'kysely';
import { customerEventSchemas, STREAM_PREFIXES, type AccountsTables, type CustomerEvent } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

/** The events this read model takes. A password change is not one of them (its hash has no place here), nor are phone codes. */
const { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn, PhoneVerified } = customerEventSchemas;
type ShownEvent = Extract<CustomerEvent, { type: 'CustomerRegistered' | 'CustomerProfileChanged' | 'CustomerRegistrationWithdrawn' | 'PhoneVerified' }>;

async function applyCustomerEvent(trx: Transaction<AccountsTables>, event: ShownEvent): Promise<void> {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, name, surname, email, phone, registeredAt, viaBookingId } = event.data;
      await trx
        .insertInto('customers')
        // An account opened at booking got its password by SMS to the phone: verified from the start.
        .values({ id: customerId, name, surname, email, phone, created_at: new Date(registeredAt), via_booking_id: viaBookingId ?? null, phone_verified: viaBookingId !== undefined })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    }
    case 'CustomerProfileChanged': {
      const { customerId, name, surname, email } = event.data;
      await trx.updateTable('customers').set({ name, surname, email }).where('id', '=', customerId).execute();
      return;
    }
    case 'CustomerRegistrationWithdrawn':
      await trx.deleteFrom('customers').where('id', '=', event.data.customerId).execute();
      return;
    case 'PhoneVerified':
      await trx.updateTable('customers').set({ phone_verified: true }).where('id', '=', event.data.customerId).execute();
      return;
  }
}

/** Customers' accounts as the cabinet and GET /api/auth/me show them. */
export const accountsProjection: ProjectionDefinition<AccountsTables> = {
  name: 'accounts',
  // 2: via_booking_id, the booking an account was opened for. 3: phone_verified.
  version: 3,
  tables: {
    customers: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        id text PRIMARY KEY,
        name text NOT NULL,
        surname text NOT NULL,
        email text,
        phone text NOT NULL,
        created_at timestamptz NOT NULL,
        via_booking_id text,
        phone_verified boolean NOT NULL
      )`,
      `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_via_booking ON ${table} (via_booking_id) WHERE via_booking_id IS NOT NULL`,
    ],
  },
  apply: applyFrom<AccountsTables>(
    eventSource({
      streams: STREAM_PREFIXES.customer,
      events: { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn, PhoneVerified },
      apply: (trx, event: ShownEvent) => applyCustomerEvent(trx, event),
    }),
  ),
};
