import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addDays, tomskInstant, TRANSFER_METHOD, type FinanceRow, type FinanceStatus, type FinanceTotals, type ReadModels, type Studio } from '@studio/domain';
import { roubles } from '../payments/queries';
import type { FinanceQuery } from './finance-request';

export type FinanceFilters = Omit<FinanceQuery, 'page' | 'limit'>;

interface EntryRow {
  id: string;
  kind: 'payment' | 'refund';
  booking_id: string;
  customer_name: string;
  customer_phone: string;
  studio: Studio;
  amount: string;
  purpose: string;
  method: string | null;
  provider_id: string | null;
  payment_id: string;
  status: FinanceStatus;
  created_at: Date;
  updated_at: Date;
}

/**
 * Every payment and refund with its booking: a refund goes back the way its payment came, so it
 * shows that payment's method. A bank transfer has no provider id.
 */
const ENTRIES = sql`(
  SELECT 'payment' AS kind, p.payment_id AS id, p.intent_id, p.amount, p.purpose, p.method,
    CASE WHEN p.method = ${TRANSFER_METHOD} THEN NULL ELSE p.payment_id END AS provider_id,
    p.payment_id, p.status, p.created_at, p.updated_at
  FROM provider_payments p
  UNION ALL
  SELECT 'refund', r.refund_id, r.intent_id, r.amount, r.reason, p.method, r.provider_refund_id, r.payment_id, r.status, r.created_at, r.updated_at
  FROM payment_refunds r JOIN provider_payments p ON p.payment_id = r.payment_id
)`;

/** The instants of the period's bounds: from the start day's midnight in Tomsk to the midnight after the end day. */
function periodOf(filters: Pick<FinanceFilters, 'start' | 'end'>): { from?: Date; until?: Date } {
  return {
    ...(filters.start ? { from: tomskInstant(filters.start, '00:00') } : {}),
    ...(filters.end ? { until: tomskInstant(addDays(filters.end, 1), '00:00') } : {}),
  };
}

function entryConditions(filters: FinanceFilters): RawBuilder<unknown> {
  const { from, until } = periodOf(filters);
  const conditions: RawBuilder<unknown>[] = [sql`TRUE`];
  if (from) conditions.push(sql`e.created_at >= ${from}`);
  if (until) conditions.push(sql`e.created_at < ${until}`);
  if (filters.studio) conditions.push(sql`b.studio = ${filters.studio}`);
  if (filters.status) conditions.push(sql`e.status = ${filters.status}`);
  if (filters.kind) conditions.push(sql`e.kind = ${filters.kind}`);
  return sql.join(conditions, sql` AND `);
}

const selectEntries = (filters: FinanceFilters) => sql`
  FROM ${ENTRIES} e
  JOIN payment_intents i ON i.intent_id = e.intent_id
  JOIN bookings b ON b.booking_id = i.booking_id
  WHERE ${entryConditions(filters)}`;

const ENTRY_COLUMNS = sql`e.id, e.kind, b.booking_id, b.customer_name, b.customer_phone, b.studio, e.amount, e.purpose, e.method, e.provider_id, e.payment_id, e.status, e.created_at, e.updated_at`;

async function statusChangesOf(db: Kysely<ReadModels>, ids: readonly string[]): Promise<Map<string, FinanceRow['status_changes']>> {
  const changes = new Map<string, FinanceRow['status_changes']>();
  if (ids.length === 0) return changes;
  const rows = await db.selectFrom('payment_status_changes').select(['entry_id', 'status', 'at']).where('entry_id', 'in', ids).orderBy('position').execute();
  for (const row of rows) changes.set(row.entry_id, [...(changes.get(row.entry_id) ?? []), { status: row.status, at: row.at.toISOString() }]);
  return changes;
}

async function rowsWithChanges(db: Kysely<ReadModels>, rows: EntryRow[]): Promise<FinanceRow[]> {
  const changes = await statusChangesOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    amount: roubles(row.amount),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    status_changes: changes.get(row.id) ?? [],
  }));
}

/** The rows of the filters, newest first: a page of them, or (no page) all. */
export async function journalRows(db: Kysely<ReadModels>, filters: FinanceFilters, page?: { limit: number; offset: number }): Promise<FinanceRow[]> {
  const paged = page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``;
  const { rows } = await sql<EntryRow>`SELECT ${ENTRY_COLUMNS} ${selectEntries(filters)} ORDER BY e.created_at DESC, e.id DESC ${paged}`.execute(db);
  return rowsWithChanges(db, rows);
}

/** How many rows the filters match, and the totals of the contract (financeTotalsSchema). */
export async function journalTotals(db: Kysely<ReadModels>, filters: FinanceFilters): Promise<{ count: number; totals: FinanceTotals }> {
  const { rows } = await sql<{ count: string; received: string; refunded: string }>`
    SELECT count(*) AS count,
      coalesce(sum(e.amount) FILTER (WHERE e.kind = 'payment' AND e.status = 'succeeded'), 0) AS received,
      coalesce(sum(e.amount) FILTER (WHERE e.kind = 'refund' AND e.status = 'succeeded'), 0) AS refunded
    ${selectEntries(filters)}`.execute(db);
  const { from, until } = periodOf(filters);
  const live: RawBuilder<unknown>[] = [sql`b.status <> 'canceled'`, sql`NOT b.technical`];
  if (from) live.push(sql`b.placed_at >= ${from}`);
  if (until) live.push(sql`b.placed_at < ${until}`);
  if (filters.studio) live.push(sql`b.studio = ${filters.studio}`);
  const { rows: owed } = await sql<{ outstanding: string }>`
    SELECT coalesce(sum(b.total - coalesce(i.paid - i.refunded_amount, 0)), 0) AS outstanding
    FROM bookings b LEFT JOIN payment_intents i ON i.intent_id = b.intent_id
    WHERE ${sql.join(live, sql` AND `)}`.execute(db);
  const { count, received, refunded } = rows[0]!;
  const net = Number(received) - Number(refunded);
  return { count: Number(count), totals: { received: roubles(received), refunded: roubles(refunded), net: roubles(net), outstanding: roubles(owed[0]!.outstanding) } };
}

/** The provider's payments of the filters (bank transfers never reached it), newest first, at most `limit`. */
export async function providerPayments(db: Kysely<ReadModels>, filters: FinanceFilters, limit: number): Promise<EntryRow[]> {
  const { rows } = await sql<EntryRow>`SELECT ${ENTRY_COLUMNS} ${selectEntries({ ...filters, kind: 'payment' })} AND e.provider_id IS NOT NULL
    ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit}`.execute(db);
  return rows;
}
