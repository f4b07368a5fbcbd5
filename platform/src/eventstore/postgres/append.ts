import type pg from 'pg';
import { ConcurrencyError } from '../types';
import type { AppendResult, EventData, ExpectedRevision } from '../types';
import { encodePosition } from '../position';

/** A pool, or a client inside the caller's own transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

interface AppendRow {
  ok: boolean;
  revision: string | null;
  transaction_id: string | null;
  global_position: string | null;
}

const APPEND_SQL = `SELECT r_ok AS ok, r_revision::text AS revision, r_transaction::text AS transaction_id,
  r_position::text AS global_position FROM es_append($1, $2, $3::jsonb)`;

function expectedToText(expected: ExpectedRevision): string {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`Expected revision must be >= 0, got ${expected}`);
    return expected.toString();
  }
  return expected;
}

function isEventIdClash(error: unknown): boolean {
  return (error as { code?: string }).code === '23505'; // unique_violation
}

/**
 * Appends `events` to `stream` through `db`. Given a client inside an open transaction, the events
 * become visible to readers only when that transaction commits (and then in commit order).
 */
export async function appendEvents(
  db: Queryable,
  stream: string,
  events: readonly EventData[],
  expected: ExpectedRevision = 'any',
): Promise<AppendResult> {
  if (events.length === 0) throw new RangeError(`Nothing to append to ${stream}`);
  if (new Set(events.map((e) => e.id)).size !== events.length) {
    throw new RangeError(`Duplicate event ids in one append to ${stream}`);
  }
  const payload = JSON.stringify(
    events.map((e) => ({ id: e.id, type: e.type, data: e.data ?? null, metadata: e.metadata ?? {} })),
  );
  const values = [stream, expectedToText(expected), payload];
  let row: AppendRow | undefined;
  try {
    row = (await db.query<AppendRow>({ name: 'es_append', text: APPEND_SQL, values })).rows[0];
  } catch (error) {
    // Two appends of the same ids raced past the replay check; the loser sees the winner now.
    if (!isEventIdClash(error)) throw error;
    try {
      row = (await db.query<AppendRow>({ name: 'es_append', text: APPEND_SQL, values })).rows[0];
    } catch (retryError) {
      if (!isEventIdClash(retryError)) throw retryError;
      const current = await db.query<{ revision: string }>(
        'SELECT revision::text AS revision FROM streams WHERE stream_name = $1',
        [stream],
      );
      const revision = current.rows[0]?.revision;
      throw new ConcurrencyError(stream, expected, revision === undefined ? 'no_stream' : BigInt(revision));
    }
  }
  if (!row) throw new Error('es_append returned no row');
  if (!row.ok) {
    throw new ConcurrencyError(stream, expected, row.revision === null ? 'no_stream' : BigInt(row.revision));
  }
  return {
    nextExpectedRevision: BigInt(row.revision!),
    position: encodePosition(row.transaction_id!, row.global_position!),
  };
}
