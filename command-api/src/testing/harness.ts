import { randomBytes } from 'node:crypto';
import type { Clock } from '@studio/domain';
import { createEventStore, type EventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@studio/platform/testing';
import { Queue } from 'bullmq';
import { HOLDS_QUEUE, startWorkers } from '@studio/workers';
import { startCommandApi } from '../index';

export interface CommandApiHarness {
  db: TestDatabase;
  store: EventStore;
  /** http://127.0.0.1:<port> of the command API. */
  base: string;
  queuePrefix: string;
  stop(): Promise<void>;
}

/** A fresh database, its event store, a command API and (optionally) the hold-expiry worker on a private queue prefix. */
export async function startHarness(options: { clock?: Clock; workers?: boolean } = {}): Promise<CommandApiHarness> {
  const db = await createTestDatabase('cmd');
  const store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
  const queuePrefix = `test-${randomBytes(6).toString('hex')}`;
  const api = await startCommandApi({ store, redisUrl: TEST_REDIS_URL, port: 0, queuePrefix, ...(options.clock ? { clock: options.clock } : {}) });
  const workers = options.workers ? await startWorkers({ store, redisUrl: TEST_REDIS_URL, queuePrefix }) : undefined;
  return {
    db,
    store,
    base: `http://127.0.0.1:${api.port}`,
    queuePrefix,
    async stop() {
      await workers?.stop();
      await api.close();
      const queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: queuePrefix });
      await queue.obliterate({ force: true });
      await queue.close();
      await store.close();
      await db.drop();
    },
  };
}

/** A day far enough ahead that the two-hour notice rule never matters, unique per call. */
let offset = 0;
export function futureDate(daysAhead = 40): string {
  offset += 1;
  return new Date(Date.now() + (daysAhead + offset) * 86_400_000).toISOString().slice(0, 10);
}

export async function postJson(base: string, path: string, body: unknown, method = 'POST') {
  const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
