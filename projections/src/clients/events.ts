import {
  bookingEventSchemas,
  customerEventSchemas,
  STREAM_PREFIXES,
  type AdminShootingFormat,
  type BookingEvent,
  type BookingStatus,
  type ClientsTables,
  type CustomerEvent,
} from '@studio/domain';
import { intentMoney, MONEY_EVENTS, type MoneyEvent } from '../payments/intent-money';
import { clientPhoneOf } from './client-identity';

const { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn } = customerEventSchemas;
export type AccountEvent = Extract<CustomerEvent, { type: 'CustomerRegistered' | 'CustomerProfileChanged' | 'CustomerRegistrationWithdrawn' }>;

const { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingCompleted, BookingMoved, BookingRescheduled } = bookingEventSchemas;
export type ClientBookingEvent = Extract<BookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' | 'BookingConfirmed' | 'BookingCanceled' | 'BookingCompleted' | 'BookingMoved' | 'BookingRescheduled' }>;
type MadeBookingEvent = Extract<ClientBookingEvent, { type: 'BookingPlaced' | 'BookingCreatedByStaff' }>;

/** What the client base follows, by stream kind: accounts, bookings and their payment intents' money. */
export const clientStreams = {
  // Phone claims share the prefix (customer-phone-…); only the accounts' own events are taken.
  accounts: { streams: STREAM_PREFIXES.customer, events: { CustomerRegistered, CustomerProfileChanged, CustomerRegistrationWithdrawn } },
  bookings: { streams: STREAM_PREFIXES.booking, events: { BookingPlaced, BookingCreatedByStaff, BookingConfirmed, BookingCanceled, BookingCompleted, BookingMoved, BookingRescheduled } },
  money: { streams: STREAM_PREFIXES.paymentIntent, events: MONEY_EVENTS },
} as const;

export const clientsMoney = intentMoney<ClientsTables>('client_money');

/** A booking's row as the code holds it: JSON columns parsed, kept money left to the refresh. */
export interface BookingRow {
  booking_id: string;
  intent_id: string;
  phone: string;
  customer_name: string;
  customer_email: string;
  studio: string;
  status: BookingStatus;
  firm: boolean;
  blocks: readonly { date: string; cells: readonly string[] }[];
  first_date: string;
  last_date: string;
  shooting_format: AdminShootingFormat;
  services: { name: string; price: number }[];
  total: number | string;
  placed_at: Date;
}

/**
 * A made booking's row under its customer's phone: a checkout's is the client's once a payment
 * confirms it, staff's at once. Null for a booking with no phone (a technical one is nobody's).
 */
export function newBookingRow(event: MadeBookingEvent, at: Date): BookingRow | null {
  const d = event.data;
  const phone = clientPhoneOf(d.customer.phone);
  if (!phone) return null;
  const own =
    event.type === 'BookingPlaced'
      ? { status: 'pending', firm: false, shooting_format: event.data.format.kind, services: event.data.services.map(({ name, price }) => ({ name, price })) } as const
      : { status: 'confirmed', firm: true, shooting_format: 'admin', services: [] } as const;
  const dates = d.blocks.map((block) => block.date).sort();
  return {
    booking_id: d.bookingId,
    intent_id: d.intentId,
    phone,
    customer_name: d.customer.name,
    customer_email: d.customer.email ?? '',
    studio: d.studio,
    ...own,
    services: [...own.services],
    blocks: d.blocks,
    first_date: dates[0]!,
    last_date: dates.at(-1)!,
    total: d.price.total,
    placed_at: at,
  };
}

/** What a change to a booking's row sets. */
export function bookingUpdate(event: Exclude<ClientBookingEvent, MadeBookingEvent>) {
  switch (event.type) {
    case 'BookingConfirmed':
      return { status: 'confirmed', firm: true } as const;
    case 'BookingCanceled':
      return { status: 'canceled' } as const;
    case 'BookingCompleted':
      return { status: 'completed' } as const;
    case 'BookingMoved': {
      const { date, cells } = event.data.to;
      return { blocks: [{ date, cells }], first_date: date, last_date: date };
    }
    case 'BookingRescheduled': {
      // The customer's move by the change policy (docs/change-policy.md): a new time and a new price.
      const { date, cells } = event.data.to;
      return { blocks: [{ date, cells }], first_date: date, last_date: date, total: event.data.price.total };
    }
  }
}

export type ClientEvent = AccountEvent | ClientBookingEvent | MoneyEvent;
