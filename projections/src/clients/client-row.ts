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

/**
 * Settles what the studio kept of each of the client's bookings: succeeded payments of its intent
 * minus the refunds that went through (a refund asked for but not made yet still counts as kept).
 * Their sum is the client's totalSpent, the honest figure: a price is what was asked, this is what came in and stayed.
 */
async function settleMoney(trx: Trx, phone: string): Promise<number> {
  const { rows } = await sql<{ kept: string }>`
    UPDATE ${sql.table('client_bookings')} AS b SET kept = coalesce((
      SELECT sum(CASE m.kind WHEN 'payment' THEN m.amount ELSE -m.amount END) FROM ${sql.table('client_money')} AS m
      WHERE m.succeeded AND m.intent_id = b.intent_id), 0)
    WHERE b.phone = ${phone} AND b.firm
    RETURNING b.kept`.execute(trx);
  return rows.reduce((sum, row) => sum + Number(row.kept), 0);
}

/**
 * Rewrites the client of `phone` from what the other tables keep: the account on the phone (its
 * profile wins over what bookings say), the bookings that ever held, and their money. A phone with
 * neither is nobody's client, so its row goes (an account withdrawn, say).
 */
export async function refreshClient(trx: Trx, phone: string): Promise<void> {
  const account = await trx
    .selectFrom('client_accounts')
    .select(['customer_id', 'name', 'surname', 'email', 'registered_at'])
    .where('phone', '=', phone)
    .where('withdrawn', '=', false)
    .orderBy('registered_at', 'desc')
    .executeTakeFirst();
  const bookings = await trx
    .selectFrom('client_bookings')
    .select(['booking_id', 'status', 'customer_name', 'customer_email', 'placed_at', sql<string>`last_date::text`.as('last_date')])
    .where('phone', '=', phone)
    .where('firm', '=', true)
    .orderBy('placed_at')
    .orderBy('booking_id')
    .execute();
  if (!account && bookings.length === 0) {
    await trx.deleteFrom('clients').where('phone', '=', phone).execute();
    return;
  }
  const newestFirst = [...bookings].reverse();
  const person = account
    ? { name: account.name, surname: account.surname, email: account.email || null }
    : { ...splitName(newestFirst.find((b) => b.customer_name.trim())?.customer_name ?? ''), email: newestFirst.find((b) => b.customer_email.trim())?.customer_email ?? null };
  const counted = bookings.filter((b) => COUNTED.includes(b.status));
  const lastDate = counted.map((b) => b.last_date).reduce<string | null>((latest, date) => (latest === null || date > latest ? date : latest), null);
  const row = {
    user_id: account?.customer_id ?? null,
    ...person,
    created_at: earliest(account?.registered_at, bookings[0]?.placed_at),
    booking_ids: JSON.stringify(bookings.map((b) => b.booking_id)),
    total_bookings: counted.length,
    total_spent: await settleMoney(trx, phone),
    last_booking_date: lastDate,
    last_booking_created: counted.at(-1)?.placed_at ?? null,
    search: clientSearchText({ ...person, phone }),
  };
  await trx
    .insertInto('clients')
    .values({ id: clientIdOf(phone), phone, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
