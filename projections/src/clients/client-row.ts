import { sql, type Transaction } from 'kysely';
import { clientSearchText, type ClientsTables } from '@studio/domain';
import { clientIdOf } from './client-identity';

type Trx = Transaction<ClientsTables>;

/** Bookings that hold now; a cancelled one stays in the history but is no longer counted. */
const COUNTED: readonly string[] = ['confirmed', 'completed'];

/** A booking's one name field (the booking form has one, staff's form sends name and surname joined) as name and surname. */
function splitName(full: string): { name: string; surname: string } {
  const [name = '', ...rest] = full.trim().split(/\s+/);
  return { name, surname: rest.join(' ') };
}

const earliest = (...dates: (Date | undefined)[]) => dates.filter((d): d is Date => d !== undefined).reduce((a, b) => (b < a ? b : a));

interface AccountOfPhone {
  phone: string;
  customer_id: string;
  name: string;
  surname: string;
  email: string | null;
  registered_at: Date;
}

interface HeldBooking {
  phone: string;
  booking_id: string;
  status: string;
  customer_name: string;
  customer_email: string;
  placed_at: Date;
  last_date: string;
  kept: string;
}

/**
 * Settles what the studio kept of each booking that held under `phones` (succeeded payments of its
 * intent minus the refunds that went through; a refund asked for but not made yet still counts as
 * kept) and returns those bookings, oldest first per phone. Their kept sum is the client's
 * totalSpent, the honest figure: a price is what was asked, this is what came in and stayed.
 */
async function settledBookings(trx: Trx, phones: readonly string[]): Promise<HeldBooking[]> {
  const { rows } = await sql<HeldBooking>`
    WITH settled AS (
      UPDATE ${sql.table('client_bookings')} AS b SET kept = coalesce((
        SELECT sum(CASE m.kind WHEN 'payment' THEN m.amount ELSE -m.amount END) FROM ${sql.table('client_money')} AS m
        WHERE m.succeeded AND m.intent_id = b.intent_id), 0)
      WHERE b.phone = ANY(${phones}::text[]) AND b.firm
      RETURNING b.phone, b.booking_id, b.status, b.customer_name, b.customer_email, b.placed_at, b.last_date::text AS last_date, b.kept::text AS kept
    )
    SELECT * FROM settled ORDER BY phone, placed_at, booking_id`.execute(trx);
  return rows;
}

/** The account on each of `phones` that stands for its client: the latest registration not withdrawn. */
async function accountsOf(trx: Trx, phones: readonly string[]): Promise<Map<string, AccountOfPhone>> {
  const { rows } = await sql<AccountOfPhone>`
    SELECT DISTINCT ON (phone) phone, customer_id, name, surname, email, registered_at FROM ${sql.table('client_accounts')}
    WHERE phone = ANY(${phones}::text[]) AND NOT withdrawn
    ORDER BY phone, registered_at DESC`.execute(trx);
  return new Map(rows.map((row) => [row.phone, row]));
}

type ClientRow = ReturnType<typeof clientRow>;

/** The client of `phone` from its account (its profile wins over what bookings say) and its bookings that held, oldest first. */
function clientRow(phone: string, account: AccountOfPhone | undefined, bookings: readonly HeldBooking[]) {
  const newestFirst = [...bookings].reverse();
  const person = account
    ? { name: account.name, surname: account.surname, email: account.email || null }
    : { ...splitName(newestFirst.find((b) => b.customer_name.trim())?.customer_name ?? ''), email: newestFirst.find((b) => b.customer_email.trim())?.customer_email ?? null };
  const counted = bookings.filter((b) => COUNTED.includes(b.status));
  const lastDate = counted.map((b) => b.last_date).reduce<string | null>((latest, date) => (latest === null || date > latest ? date : latest), null);
  return {
    id: clientIdOf(phone),
    phone,
    user_id: account?.customer_id ?? null,
    ...person,
    created_at: earliest(account?.registered_at, bookings[0]?.placed_at),
    booking_ids: JSON.stringify(bookings.map((b) => b.booking_id)),
    total_bookings: counted.length,
    total_spent: bookings.reduce((sum, b) => sum + Number(b.kept), 0),
    last_booking_date: lastDate,
    last_booking_created: counted.at(-1)?.placed_at ?? null,
    search: clientSearchText({ ...person, phone }),
  };
}

/** Writes `rows` in one statement, each over the client of its phone. */
async function upsertClients(trx: Trx, rows: readonly ClientRow[]): Promise<void> {
  const column = <K extends keyof ClientRow>(name: K) => rows.map((row) => row[name]);
  const instants = (name: 'created_at' | 'last_booking_created') => rows.map((row) => row[name]?.toISOString() ?? null);
  await sql`
    INSERT INTO ${sql.table('clients')} (id, phone, user_id, name, surname, email, created_at, booking_ids, total_bookings, total_spent, last_booking_date, last_booking_created, search)
    SELECT * FROM unnest(${column('id')}::text[], ${column('phone')}::text[], ${column('user_id')}::text[], ${column('name')}::text[], ${column('surname')}::text[],
      ${column('email')}::text[], ${instants('created_at')}::timestamptz[], ${column('booking_ids')}::jsonb[], ${column('total_bookings')}::int[],
      ${column('total_spent')}::bigint[], ${column('last_booking_date')}::date[], ${instants('last_booking_created')}::timestamptz[], ${column('search')}::text[])
    ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, surname = excluded.surname, email = excluded.email,
      created_at = excluded.created_at, booking_ids = excluded.booking_ids, total_bookings = excluded.total_bookings, total_spent = excluded.total_spent,
      last_booking_date = excluded.last_booking_date, last_booking_created = excluded.last_booking_created, search = excluded.search`.execute(trx);
}

/**
 * Rewrites the clients of `phones` from what the other tables keep: the account on the phone, the
 * bookings that ever held, and their money. A phone with neither is nobody's client, so its row
 * goes (an account withdrawn, say). A few statements whatever the number of phones, so a batch
 * refreshes every client it touched at once (docs/performance.md).
 */
export async function refreshClients(trx: Trx, phones: Iterable<string>): Promise<void> {
  const asked = [...new Set(phones)];
  if (!asked.length) return;
  const [bookings, accounts] = [await settledBookings(trx, asked), await accountsOf(trx, asked)];
  const byPhone = new Map<string, HeldBooking[]>();
  for (const booking of bookings) {
    const ofPhone = byPhone.get(booking.phone);
    if (ofPhone) ofPhone.push(booking);
    else byPhone.set(booking.phone, [booking]);
  }
  const rows = asked.flatMap((phone) => (accounts.has(phone) || byPhone.has(phone) ? [clientRow(phone, accounts.get(phone), byPhone.get(phone) ?? [])] : []));
  const gone = asked.filter((phone) => !accounts.has(phone) && !byPhone.has(phone));
  if (gone.length) await trx.deleteFrom('clients').where('phone', 'in', gone).execute();
  if (rows.length) await upsertClients(trx, rows);
}
