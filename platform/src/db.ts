import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { loadPoolTimeouts, type PoolTimeouts } from './config';

// bigint columns (global positions, counters) come back as strings; keep them exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/**
 * A pool whose sessions Postgres itself bounds: a statement running longer than
 * PG_STATEMENT_TIMEOUT_MS is cancelled, and a session idle inside a transaction for longer than
 * PG_IDLE_IN_TRANSACTION_TIMEOUT_MS is ended (an open transaction holds back every event-store
 * reader in the cluster). Idle sessions outside a transaction, such as a held advisory lock or
 * a LISTEN, are not affected. Getting a connection is bounded too (PG_CONNECT_TIMEOUT_MS). The
 * timeouts are read from the environment unless given.
 */
export function createPool(connectionString: string, max = 10, timeouts: PoolTimeouts = loadPoolTimeouts()): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // pg sends only non-zero values, so 0 keeps the server's setting.
    statement_timeout: timeouts.PG_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: timeouts.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectionTimeoutMillis: timeouts.PG_CONNECT_TIMEOUT_MS,
  });
  // An idle client dropped by the server (restart, a database dropped WITH FORCE, the idle-in-
  // transaction timeout) emits 'error' on the pool; unhandled, that would end the process. The
  // pool replaces the client by itself.
  pool.on('error', (error) => console.warn(`postgres: idle client dropped: ${error.message}`));
  // A checked-out client has no listener of the pool's: the server ending its session (the
  // idle-in-transaction timeout) would emit an unhandled 'error' and end the process. Its next
  // query fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs `CREATE … IF NOT EXISTS` statements in one transaction under an advisory lock named by
 * `name`: instances starting together (two process managers, two command-api replicas) would
 * otherwise race on the catalog and one would fail with a duplicate type.
 */
export async function ensureTables(pool: pg.Pool, name: string, statements: readonly string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('ddl'), hashtext($1))`, [name]);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
