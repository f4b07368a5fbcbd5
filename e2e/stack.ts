// The whole product in one test process: a fresh database, every service from its start* factory,
// and the gateway serving the built frontend, for browser and HTTP end-to-end tests.
import { randomBytes } from 'node:crypto';
import { startCommandApi } from '@studio/command-api';
import type { Clock } from '@studio/domain';
import { createEventStore, createPool, seedDemoData, startGateway, type EventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL } from '@studio/platform/testing';
import { ensureReadModels, startProjections } from '@studio/projections';
import { startQueryApi } from '@studio/query-api';
import { startWorkers } from '@studio/workers';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { ensureFrontendBuilt, FRONTEND_DIST } from '../scripts/frontend-build';

export interface StackOptions {
  /** Gateway port; 0 (default) picks a free one. */
  port?: number;
  /** For tests that need "now" fixed (notice rule, hold expiry). */
  clock?: Clock;
}

export interface Stack {
  /** The gateway, as a browser sees the site: http://127.0.0.1:<port> */
  baseUrl: string;
  databaseUrl: string;
  commandUrl: string;
  queryUrl: string;
  store: EventStore;
  /** Stops query-api only, so a test can check how the site behaves when reads fail. */
  stopApi(): Promise<void>;
  /** Starts query-api again on the same port. */
  startApi(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  await ensureFrontendBuilt();
  const db = await createTestDatabase('e2e');
  const store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
  const pool = createPool(db.url);
  await ensureReadModels(pool);
  await seedDemoData(store);

  // Every run gets its own Redis channel and queue names, so parallel stacks never hear each other.
  const prefix = `e2e-${randomBytes(4).toString('hex')}`;
  const channelPrefix = `${prefix}:`;
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const projections = await startProjections({ store, pool, redis, channelPrefix });
  const workers = await startWorkers({ store, redisUrl: TEST_REDIS_URL, queuePrefix: prefix, pool, ...(options.clock ? { clock: options.clock } : {}) });
  const commandApi = await startCommandApi({
    store,
    redisUrl: TEST_REDIS_URL,
    port: 0,
    host: '127.0.0.1',
    queuePrefix: prefix,
    ...(options.clock ? { clock: options.clock } : {}),
  });

  const startQuery = (port: number) => startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port, host: '127.0.0.1', channelPrefix });
  let queryApi: Awaited<ReturnType<typeof startQuery>> | undefined = await startQuery(0);
  const queryPort = queryApi.port;
  const commandUrl = `http://127.0.0.1:${commandApi.port}`;
  const queryUrl = `http://127.0.0.1:${queryPort}`;
  await waitUntilProjected(pool, store);
  const gateway = await startGateway({ port: options.port ?? 0, host: '127.0.0.1', staticDir: FRONTEND_DIST, queryApiUrl: queryUrl, commandApiUrl: commandUrl });

  return {
    baseUrl: `http://127.0.0.1:${gateway.port}`,
    databaseUrl: db.url,
    commandUrl,
    queryUrl,
    store,
    async stopApi() {
      await queryApi?.close();
      queryApi = undefined;
    },
    async startApi() {
      queryApi ??= await startQuery(queryPort);
    },
    async stop() {
      await gateway.close();
      await queryApi?.close();
      await commandApi.close();
      await workers.stop();
      await projections.stop();
      await deleteKeys(redis, `${prefix}*`);
      redis.disconnect();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

/** Tests start on a site whose read models already show the seed, as a visitor's would. */
async function waitUntilProjected(pool: pg.Pool, store: EventStore, timeoutMs = 20_000): Promise<void> {
  const last = (await store.readAll()).at(-1)?.position;
  if (!last) return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ behind: string }>(
      `SELECT count(*) AS behind FROM projection_live l
         LEFT JOIN projection_checkpoints c ON c.projection = l.projection AND c.version = l.version
        WHERE c.position IS NULL OR c.position < $1`,
      [last],
    );
    if (rows[0]?.behind === '0') return;
    if (Date.now() > deadline) throw new Error(`projections did not reach ${last} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** BullMQ leaves its queue keys behind; a test run should not. */
async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
