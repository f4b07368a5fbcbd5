import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';

// bigint columns (global positions, counters) come back as strings; keep them exact.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max });
}

export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
