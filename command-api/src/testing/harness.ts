import { randomBytes } from 'node:crypto';
import { addDays, tomskToday, type Clock } from '@studio/domain';
import { createEventStore, type EventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@studio/platform/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { HOLDS_QUEUE, startWorkers } from '@studio/workers';
import { startCommandApi, type HoldRateLimit } from '../index';

export interface CommandApiHarness {
  db: TestDatabase;
  store: EventStore;
  /** http://127.0.0.1:<port> of the command API. */
  base: string;
  /** Every instance's base when several were asked for (base is the first). */
  bases: string[];
  queuePrefix: string;
  /** The staff bearer token the APIs were started with; `staffAuth` puts it in a header. */
  staffToken: string;
  staffAuth: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A fresh database, its event store, a command API and (optionally) the hold-expiry worker on a
 * private queue prefix. Extra `instances` get event stores of their own, as separate processes
 * would: they share nothing but the database.
 */
export async function startHarness(
  options: { clock?: Clock; workers?: boolean; instances?: number; holdRateLimit?: HoldRateLimit } = {},
): Promise<CommandApiHarness> {
  const db = await createTestDatabase('cmd');
  const connect = () => createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
  const store = await connect();
  const extraStores = await Promise.all(Array.from({ length: (options.instances ?? 1) - 1 }, connect));
  const queuePrefix = `test-${randomBytes(6).toString('hex')}`;
  const staffToken = randomBytes(24).toString('hex');
  const apis = await Promise.all(
    [store, ...extraStores].map((s) =>
      startCommandApi({
        store: s,
        redisUrl: TEST_REDIS_URL,
        port: 0,
        queuePrefix,
        staffToken,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.holdRateLimit ? { holdRateLimit: options.holdRateLimit } : {}),
      }),
    ),
  );
  const workers = options.workers ? await startWorkers({ store, redisUrl: TEST_REDIS_URL, queuePrefix }) : undefined;
  const bases = apis.map((api) => `http://127.0.0.1:${api.port}`);
  return {
    db,
    store,
    base: bases[0]!,
    bases,
    queuePrefix,
    staffToken,
    staffAuth: { authorization: `Bearer ${staffToken}` },
    async stop() {
      await workers?.stop();
      await Promise.all(apis.map((api) => api.close()));
      await Promise.all(extraStores.map((s) => s.close()));
      const queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: queuePrefix });
      await queue.obliterate({ force: true });
      await queue.close();
      await deleteRedisKeys(`${queuePrefix}:hold-rate:*`);
      await store.close();
      await db.drop();
    },
  };
}

/** A day far enough ahead that the two-hour notice rule never matters, unique per call. */
let offset = 0;
export function futureDate(daysAhead = 40): string {
  offset += 1;
  return addDays(tomskToday(new Date()), daysAhead + offset);
}

export async function postJson(base: string, path: string, body: unknown, method = 'POST', headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** The hold rate counters outlive a test run by up to their window; a run should leave none. */
async function deleteRedisKeys(pattern: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
