import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from './db';
import { createTestDatabase, type TestDatabase } from './testing';

describe('createPool', () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase('pool');
    pool = createPool(db.url, 2, { PG_STATEMENT_TIMEOUT_MS: 300, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: 300, PG_CONNECT_TIMEOUT_MS: 5000 });
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('has Postgres cancel a statement that runs past the statement timeout', async () => {
    await expect(pool.query('SELECT pg_sleep(20)')).rejects.toMatchObject({ code: '57014' });
    // The connection survives a cancelled statement.
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('has Postgres end a session left idle inside a transaction, without ending the process', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ pid: number }>('SELECT pg_current_xact_id(), pg_backend_pid() AS pid');
      const pid = rows[0]!.pid;
      await expect
        .poll(async () => (await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount, { timeout: 20_000 })
        .toBe(0);
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      client.release();
    }
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
