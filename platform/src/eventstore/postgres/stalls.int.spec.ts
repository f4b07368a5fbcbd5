import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import type { EventStore, RecordedEvent } from '../types';
import { createPostgresEventStore } from './index';
import { oldestOpenTransaction } from './stalls';

describe('a subscription stalled behind an open transaction', () => {
  let storeDb: TestDatabase;
  let otherDb: TestDatabase;
  let pool: pg.Pool;
  let store: EventStore;
  const warnings: string[] = [];

  beforeAll(async () => {
    [storeDb, otherDb] = await Promise.all([createTestDatabase('stall'), createTestDatabase('stall_other')]);
    pool = new pg.Pool({ connectionString: storeDb.url, max: 4 });
    store = await createPostgresEventStore({ pool, pollIntervalMs: 50, stalls: { thresholdMs: 300, warn: (message) => warnings.push(message) } });
  });

  afterAll(async () => {
    await store.close();
    await pool.end();
    await Promise.all([storeDb.drop(), otherDb.drop()]);
  });

  it('is reported in the log naming the transaction, which oldestOpenTransaction also reports', async () => {
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe({}, async (batch) => void delivered.push(...batch));
    // Another database: what holds readers back is any transaction with an xid in the cluster.
    const blocker = new pg.Client({ connectionString: otherDb.url });
    await blocker.connect();
    let open = false;
    try {
      await blocker.query('BEGIN');
      open = true;
      const { rows } = await blocker.query<{ pid: number }>('SELECT pg_current_xact_id(), pg_backend_pid() AS pid');
      const pid = rows[0]!.pid;
      const event = { id: randomUUID(), type: 'Tick', data: {}, metadata: {} };
      await store.appendToStream('stall-1', [event]);

      await expect.poll(() => warnings.filter((w) => w.includes(`pid ${pid} `)), { timeout: 20_000 }).toHaveLength(1);
      const warning = warnings.find((w) => w.includes(`pid ${pid} `))!;
      expect(warning).toContain(`database ${otherDb.name} (idle in transaction)`);
      expect(delivered).toEqual([]);
      // Other test files may hold older transactions for a moment; ours stays open until they end.
      await expect.poll(() => oldestOpenTransaction(pool), { timeout: 20_000 }).toMatchObject({ pid, database: otherDb.name, state: 'idle in transaction' });
      expect((await oldestOpenTransaction(pool))!.ageSeconds).toBeGreaterThan(0);

      await blocker.query('ROLLBACK');
      open = false;
      await expect.poll(() => delivered.map((e) => e.id), { timeout: 20_000 }).toEqual([event.id]);
      expect(warnings.filter((w) => w.includes(`pid ${pid} `))).toHaveLength(1);
    } finally {
      if (open) await blocker.query('ROLLBACK');
      await blocker.end();
      await subscription.stop();
    }
  });
});
