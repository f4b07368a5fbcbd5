import type { ColumnType } from 'kysely';
import type { BookingStatus } from '../../bookings/decider';
import type { AdminShootingFormat } from '../http/admin-bookings';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;
/** bigint money columns: written as numbers, read back as exact strings. */
type Int8 = ColumnType<string, number, number>;
/** Postgres dates, YYYY-MM-DD: written as text, read back as text when selected `::text`. */
type DateText = ColumnType<string, string, string>;

/**
 * The back-office's client base (docs/clients.md#what-it-does «Client base», docs/clients.md#what-it-does Client): one client per
 * normalised phone, from customers' accounts and from the bookings made by customers, guests and
 * staff. `clients` is derived from the other tables, which keep what the events said; money in kopecks.
 */
export interface ClientsTables {
  clients: {
    /** Derived from the phone, so a guest who later opens an account keeps the id. */
    id: string;
    /** E.164, the one spelling of a number. */
    phone: string;
    /** The account on this phone, if any. */
    user_id: string | null;
    name: string;
    surname: string;
    email: string | null;
    /** The account's registration or the first booking that held, whichever came first. */
    created_at: Date;
    /** Bookings that ever held (paid, or made by staff), oldest first. */
    booking_ids: Json<string[]>;
    /** Bookings that hold now: confirmed or completed. */
    total_bookings: number;
    /** Money received on the client's bookings minus the refunds that went through. */
    total_spent: Int8;
    /** The latest booked day of the bookings counted. */
    last_booking_date: DateText | null;
    /** When the latest of them was made. */
    last_booking_created: Date | null;
    /** Name, surname, e-mail and phone digits, lower case with ё as е: what the search looks in. */
    search: string;
  };
  client_accounts: {
    customer_id: string;
    phone: string;
    name: string;
    surname: string;
    email: string | null;
    registered_at: Date;
    /** Its phone was claimed by another registration first: the account never came to be. */
    withdrawn: boolean;
  };
  client_bookings: {
    booking_id: string;
    intent_id: string;
    /** E.164 of the phone the booking was made under. */
    phone: string;
    customer_name: string;
    customer_email: string;
    studio: string;
    status: BookingStatus;
    /** It held at some point (a payment confirmed it, or staff made it): only such bookings are the client's. */
    firm: boolean;
    blocks: Json<{ date: string; cells: string[] }[]>;
    first_date: DateText;
    last_date: DateText;
    shooting_format: AdminShootingFormat;
    services: Json<{ name: string; price: number }[]>;
    total: Int8;
    /** What the studio kept of the booking's money: payments received minus refunds made. */
    kept: Int8;
    placed_at: Date;
  };
  /** Money in (payments) and out (refunds) of the bookings' payment intents. */
  client_money: IntentMoneyRow;
}

/** A payment or a refund of a payment intent, in the money tables of the read models that count what was kept. */
export interface IntentMoneyRow {
  kind: 'payment' | 'refund';
  /** The payment's or the refund's id. */
  id: string;
  intent_id: string;
  amount: Int8;
  /** It went through: a succeeded payment, a refund made. */
  succeeded: boolean;
}
