import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';

// bigint columns (global positions, counters) come back as strings; keep them exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client dropped by the server (restart, a database dropped WITH FORCE) emits 'error'
  // on the pool; unhandled, that would end the process. The pool replaces the client by itself.
  pool.on('error', (error) => console.warn(`postgres: idle client dropped: ${error.message}`));
  return pool;
}

export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
