import { sql, type Kysely, type Selectable } from 'kysely';
import type pg from 'pg';
import { clientSearchTerms, contiguousRanges, type AdminClient, type AdminClientBooking, type ReadModels } from '@studio/domain';
import { SESSIONS_TABLE } from '@studio/platform';
import { roubles } from '../payments/queries';
import type { ClientsQuery } from './clients-request';

type ClientRow = Omit<Selectable<ReadModels['clients']>, 'search' | 'last_booking_date'> & { last_booking_date: string | null };

const CLIENT_COLUMNS = ['id', 'phone', 'user_id', 'name', 'surname', 'email', 'created_at', 'booking_ids', 'total_bookings', 'total_spent', 'last_booking_created'] as const;
const lastBookingDate = sql<string | null>`last_booking_date::text`.as('last_booking_date');

/** A search piece matched literally: LIKE's own wildcards in it are plain characters. */
const contains = (piece: string) => `%${piece.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function clientOf(row: ClientRow, lastLogin: Date | undefined): AdminClient {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    email: row.email,
    user_id: row.user_id,
    created_at: row.created_at.toISOString(),
    last_login: lastLogin?.toISOString() ?? null,
    booking_ids: row.booking_ids,
    stats: {
      totalBookings: row.total_bookings,
      totalSpent: roubles(row.total_spent),
      lastBookingDate: row.last_booking_date,
      lastBookingCreated: row.last_booking_created?.toISOString() ?? null,
    },
  };
}

/**
 * The latest login of each account: a session opened is a login. Sessions are no read model (they
 * are wall-clock security, not events), so they are looked up for the clients shown only.
 */
async function lastLogins(pool: pg.Pool, rows: readonly ClientRow[]): Promise<Map<string, Date>> {
  const accounts = rows.map((row) => row.user_id).filter((id): id is string => id !== null);
  if (accounts.length === 0) return new Map();
  const { rows: logins } = await pool.query<{ customer_id: string; at: Date }>(
    `SELECT customer_id, max(created_at) AS at FROM ${SESSIONS_TABLE} WHERE customer_id = ANY($1) GROUP BY customer_id`,
    [accounts],
  );
  return new Map(logins.map((login) => [login.customer_id, login.at]));
}

const withLogins = async (pool: pg.Pool, rows: ClientRow[]): Promise<AdminClient[]> => {
  const logins = await lastLogins(pool, rows);
  return rows.map((row) => clientOf(row, row.user_id ? logins.get(row.user_id) : undefined));
};

/** One page of the client base, newest clients first, with how many match in all (docs/clients.md#calls-and-who-may-make-them). */
export async function listClients(db: Kysely<ReadModels>, pool: pg.Pool, query: ClientsQuery): Promise<{ clients: AdminClient[]; total: number; totalPages: number }> {
  let matching = db.selectFrom('clients');
  for (const piece of clientSearchTerms(query.search ?? '')) matching = matching.where('search', 'like', contains(piece));
  if (query.minBookings !== undefined) matching = matching.where('total_bookings', '>=', query.minBookings);
  if (query.maxBookings !== undefined) matching = matching.where('total_bookings', '<=', query.maxBookings);
  if (query.dateFrom) matching = matching.where('last_booking_date', '>=', query.dateFrom);
  if (query.dateTo) matching = matching.where('last_booking_date', '<=', query.dateTo);
  const offset = (query.page - 1) * query.limit;
  const rows = await matching
    .select([...CLIENT_COLUMNS, lastBookingDate])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(offset)
    .execute();
  // A page that is not full is the last one, so it tells the total; only a full page or one past the end needs the count.
  const lastPage = rows.length < query.limit && (rows.length > 0 || offset === 0);
  const total = lastPage ? offset + rows.length : Number((await matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total);
  return { clients: await withLogins(pool, rows), total, totalPages: Math.ceil(total / query.limit) };
}

/** A client with the bookings that ever held, newest day first, and each one's money (docs/clients.md#what-it-does «Detail response»); undefined for an unknown id. */
export async function clientDetail(db: Kysely<ReadModels>, pool: pg.Pool, id: string): Promise<{ client: AdminClient; bookings: AdminClientBooking[] } | undefined> {
  const row = await db.selectFrom('clients').select([...CLIENT_COLUMNS, lastBookingDate]).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [[client], bookings] = await Promise.all([withLogins(pool, [row]), clientBookings(db, row.phone)]);
  return { client: client!, bookings };
}

async function clientBookings(db: Kysely<ReadModels>, phone: string): Promise<AdminClientBooking[]> {
  const bookings = await db
    .selectFrom('client_bookings')
    .select(['booking_id', 'studio', 'status', 'blocks', 'shooting_format', 'services', 'total', 'kept', 'placed_at'])
    .where('phone', '=', phone)
    .where('firm', '=', true)
    .orderBy('first_date', 'desc')
    .orderBy('placed_at', 'desc')
    .execute();
  return bookings.map((booking) => {
    const ranges = [...booking.blocks]
      .sort((a, b) => a.date.localeCompare(b.date))
      .flatMap((block) => contiguousRanges(block.cells).map(({ start, end }) => ({ date: block.date, time_start: start, time_end: end })));
    const first = ranges[0]!;
    return {
      id: booking.booking_id,
      studio: booking.studio,
      status: booking.status,
      date: first.date,
      time_start: first.time_start,
      time_end: first.time_end,
      ranges,
      shooting_format: booking.shooting_format,
      services: booking.services.map((service) => ({ name: service.name, price: roubles(service.price) })),
      total_price: roubles(booking.total),
      paid_amount: roubles(booking.kept),
      created_at: booking.placed_at.toISOString(),
    };
  });
}
