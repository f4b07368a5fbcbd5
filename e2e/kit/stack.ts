// The one stack opener of every integration and browser test (in the manner of Kysely's
// test-setup): a fresh database with its event store, and whichever services a suite asks for,
// each from its own start* factory on a private Redis prefix, so test files run side by side.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { Redis } from 'ioredis';
import { startCommandApi, type LoginRateLimits, type RateLimit, type StaffLoginRateLimits } from '@studio/command-api';
import type { Clock, StaffRole } from '@studio/domain';
import { createEventStore, createPool, createPostgresEventStore, createYooKassaClient, diskMediaStore, encodePosition, ensureSuperAdmin, loadConfig, seedDemoData, startGateway, startPaymentSandbox, type EventStore, type MediaStore, type PaymentProvider, type PaymentSandbox, type ReceiptSettings } from '@studio/platform';
import { createTestDatabase, eventually, TEST_REDIS_URL, testClock, type TestDatabase } from '@studio/platform/testing';
import { ensureReadModels, PROJECTIONS, projectionsPoolSize, startProjections, type AnyProjection, type RunningProjections } from '@studio/projections';
import { startQueryApi } from '@studio/query-api';
import { startWorkers, type PaymentSyncPace } from '@studio/workers';
import { ensureFrontendBuilt, FRONTEND_DIST } from '../../scripts/frontend-build';
import { getJson, type JsonAnswer } from './http';
import { staffMemberWithSession, type TestStaffMember } from './staff';

export interface CapturedLog {
  level: 'warn' | 'error';
  message: string;
  error?: unknown;
}

/** Hold, checkout and promo-check attempts a suite may make from its one address: more than any suite makes. */
const SUITE_RATE_LIMIT: RateLimit = { max: 10_000, windowMs: 10 * 60_000 };

export interface StackOptions {
  /** Database name prefix, so a leftover database names the suite that made it. */
  name?: string;
  /** For suites that move "now" (notice rule, hold expiry); every other stack runs on the test clock (TEST_TODAY). */
  clock?: Clock;
  /** The demo catalogue and the demo super administrator (DEMO_ADMIN), as `npm start` writes them. */
  seed?: boolean;
  /** Creates the read-model tables and views (implied by `projections` and `queryApi`). */
  readModels?: boolean;
  /** Runs projection runners (all, or the given ones). */
  projections?: boolean | readonly AnyProjection[];
  queryApi?: boolean;
  /**
   * How long query-api's reads wait for the client's last write before answering marked stale.
   * 15 s unless given: a test reads what it wrote, and on two loaded cores a projection can take
   * longer than production's 2 s bound (READ_WAIT_MS); a suite about that bound gives it.
   */
  readWaitMs?: number;
  /**
   * A suite's every request comes from one address: its hold and checkout attempts are limited only
   * by SUITE_RATE_LIMIT unless it gives a limit (the limits' own specs do).
   */
  commandApi?: boolean | { instances?: number; holdRateLimit?: RateLimit; loginRateLimits?: LoginRateLimits; staffLoginRateLimits?: StaffLoginRateLimits; receipts?: ReceiptSettings };
  /** Promo code checks per client, on both APIs (one counter); SUITE_RATE_LIMIT unless given. */
  promoCheckRateLimit?: RateLimit;
  /**
   * Runs the workers; `jobCheckEveryMs` shortens how often they check their repeating jobs are
   * still scheduled, and `paymentSync` sets the payment sync's pace (a spec that waits for either).
   */
  workers?: boolean | { jobCheckEveryMs?: number; paymentSync?: Partial<PaymentSyncPace> };
  /** The gateway over the built frontend: the site as a browser sees it (implies every service). */
  gateway?: boolean;
  /** Pool size; projections and several APIs want more than the default. */
  poolSize?: number;
  /** The Redis prefix, for a suite that subscribes to the change channel before the stack starts. */
  prefix?: string;
  /** The Redis every service uses: an outage suite's own server (ownRedis), TEST_REDIS_URL unless given. */
  redisUrl?: string;
  /** Where the services reach the new database, given its URL: an outage suite's cuttable proxy to it (cuttableProxy). */
  databaseVia?: (databaseUrl: string) => Promise<string>;
}

export interface Stack {
  db: TestDatabase;
  pool: pg.Pool;
  store: EventStore;
  redis: Redis;
  /** What every service of the stack takes as "now". */
  clock: Clock;
  /** Private prefix of this stack's Redis keys (queues, rate counters); `${prefix}:` prefixes its change channel. */
  prefix: string;
  channelPrefix: string;
  /**
   * A new staff member of `role` (super unless given) signed in: `headers` carry its session
   * cookie. Through POST /api/admin/login when command-api runs.
   */
  staffLogin(role?: StaffRole, name?: string): Promise<TestStaffMember>;
  /** http://127.0.0.1:<port> of each service that runs. */
  commandUrl: string;
  commandUrls: string[];
  queryUrl: string;
  baseUrl: string;
  projections: RunningProjections | undefined;
  /** The stack's own media folder (uploaded hall photos and their web images). */
  media: MediaStore;
  /** The payment provider's sandbox command-api takes payments with (started with command-api). */
  payments: PaymentSandbox | undefined;
  /** The client of that sandbox, as command-api and the workers use it. */
  paymentProvider: PaymentProvider | undefined;
  /** What query-api logged (its logger is captured, not printed). */
  logs: CapturedLog[];
  /** GET a query-api path as JSON. */
  query(path: string, headers?: Record<string, string>): Promise<JsonAnswer>;
  /** Resolves once every running projection has read up to `position` (default: the last event). */
  caughtUp(position?: string): Promise<void>;
  stopQueryApi(): Promise<void>;
  startQueryApi(): Promise<void>;
  stop(): Promise<void>;
}

const NOT_STARTED = 'http://127.0.0.1:0';

export async function openStack(options: StackOptions = {}): Promise<Stack> {
  const everything = options.gateway === true;
  const wants = {
    commandApi: everything || Boolean(options.commandApi),
    queryApi: everything || Boolean(options.queryApi),
    projections: everything || Boolean(options.projections),
    workers: everything || Boolean(options.workers),
  };
  if (everything) await ensureFrontendBuilt();
  const db = await createTestDatabase(options.name ?? 'stack');
  const databaseUrl = options.databaseVia ? await options.databaseVia(db.url) : db.url;
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  // The projections' runners hold connections of their own (projectionsPoolSize); the services share the rest.
  const runnersNeed = wants.projections ? projectionsPoolSize(Array.isArray(options.projections) ? options.projections : PROJECTIONS) : 0;
  const pool = createPool(databaseUrl, options.poolSize ?? 10 + Math.max(10, runnersNeed));
  // Dropping the database WITH (FORCE) can hit a client pg is closing; unheard, that would crash the worker.
  pool.on('error', () => undefined);
  const connectStore = () => createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: databaseUrl, ESDB_URL: undefined });
  const store = await connectStore();
  const prefix = options.prefix ?? `test-${randomBytes(6).toString('hex')}`;
  const channelPrefix = `${prefix}:`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  // An outage suite stops its Redis under the stack: the client reconnects by itself.
  redis.on('error', () => undefined);
  const logs: CapturedLog[] = [];
  const stackClock = options.clock ?? testClock;
  const promoCheckRateLimit = options.promoCheckRateLimit ?? SUITE_RATE_LIMIT;
  const clock = { clock: stackClock };
  const stops: (() => Promise<void>)[] = [];
  // Uploaded photos: command-api keeps them, the workers make the web images, the gateway serves them.
  const media = diskMediaStore(await mkdtemp(path.join(tmpdir(), `${prefix}-media-`)));
  stops.push(() => rm(path.dirname(media.publicRoot), { recursive: true, force: true }));

  if (options.readModels || wants.queryApi || wants.projections || wants.workers) await ensureReadModels(pool);
  if (options.seed || everything) {
    await seedDemoData(store);
    await ensureSuperAdmin(store, loadConfig({ NODE_ENV: 'test' }));
  }

  // The payment provider's sandbox, for command-api's checkouts, the workers' payment sync and query-api's reconciliation.
  let payments: PaymentSandbox | undefined;
  let paymentsClient: PaymentProvider | undefined;
  if (wants.commandApi || wants.workers || wants.queryApi) {
    const credentials = { shopId: 'test-shop', secretKey: `test-${randomBytes(8).toString('hex')}` };
    const sandbox = await startPaymentSandbox({ ...credentials, ...clock, port: 0, notifications: { baseDelayMs: 50, attempts: 20 } });
    payments = sandbox;
    paymentsClient = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials, retry: { attempts: 2, baseDelayMs: 50 } });
    stops.push(() => sandbox.close());
  }

  let projections: RunningProjections | undefined;
  if (wants.projections) {
    const only = Array.isArray(options.projections) ? { projections: options.projections } : {};
    projections = await startProjections({ store, pool, redis, channelPrefix, ...only, runner: { lockRetryMs: 200 }, rebuildJobs: { redisUrl, prefix } });
    stops.push(() => projections!.stop());
  }
  if (wants.workers) {
    const checks = typeof options.workers === 'object' ? options.workers : {};
    const workers = await startWorkers({ store, redisUrl, queuePrefix: prefix, pool, media, ...clock, ...checks, ...(paymentsClient ? { payments: paymentsClient } : {}) });
    stops.push(() => workers.stop());
  }

  let siteUrl = 'http://127.0.0.1';
  // The gateway's origins, known only once it listens: command-api's writes and query-api's sockets check this list as it fills.
  const siteOrigins: string[] = [];
  const commandUrls: string[] = [];
  if (wants.commandApi) {
    const { instances = 1, holdRateLimit = SUITE_RATE_LIMIT, loginRateLimits, staffLoginRateLimits, receipts } = typeof options.commandApi === 'object' ? options.commandApi : {};
    // Extra instances get event stores of their own, as separate processes would, with small pools:
    // two integration files run side by side under CI's max_connections of 100.
    const extraStore = () => createPostgresEventStore({ connectionString: databaseUrl, poolSize: 4 });
    const stores = [store, ...(await Promise.all(Array.from({ length: instances - 1 }, extraStore)))];
    for (const [i, instanceStore] of stores.entries()) {
      const api = await startCommandApi({
        store: instanceStore,
        pool,
        redisUrl,
        port: 0,
        queuePrefix: prefix,
        media,
        ...(paymentsClient ? { payments: paymentsClient } : {}),
        // The gateway's address once it listens (it starts after command-api, which it proxies to).
        siteUrl: () => siteUrl,
        allowedOrigins: siteOrigins,
        ...clock,
        holdRateLimit,
        promoCheckRateLimit,
        receipts,
        ...(loginRateLimits ? { loginRateLimits } : {}),
        ...(staffLoginRateLimits ? { staffLoginRateLimits } : {}),
        // Every answer is checked against its contract: one that drifts fails the test that met it.
        strictAnswers: true,
      });
      commandUrls.push(`http://127.0.0.1:${api.port}`);
      if (i === 0) payments?.notifyTo(`http://127.0.0.1:${api.port}/api/payments/notifications`);
      stops.push(async () => {
        await api.close();
        if (i > 0) await instanceStore.close();
      });
    }
  }

  const logger = {
    warn: (message: string) => void logs.push({ level: 'warn', message }),
    error: (message: string, error?: unknown) => void logs.push({ level: 'error', message, error }),
  };
  const startQuery = (port: number) =>
    startQueryApi({
      pool,
      store,
      redisUrl,
      port,
      channelPrefix,
      logger,
      allowedOrigins: siteOrigins,
      ...clock,
      // The SMS and mail sandboxes are what the workers send through here (their default).
      devOutbox: true,
      readWaitMs: options.readWaitMs ?? 15_000,
      ...(paymentsClient ? { payments: paymentsClient } : {}),
      promoCheckRateLimit,
      rateLimitPrefix: prefix,
      queuePrefix: prefix,
    });
  let queryApi = wants.queryApi ? await startQuery(0) : undefined;
  const queryPort = queryApi?.port ?? 0;
  const queryUrl = queryApi ? `http://127.0.0.1:${queryPort}` : NOT_STARTED;
  const commandUrl = commandUrls[0] ?? NOT_STARTED;

  // The newest committed event, visible to readers or not yet: readers stop below the cluster's
  // oldest running transaction, which another test's database can hold open, and the last event
  // they see then is older than the one a test has just appended.
  const newestEvent = async () => {
    const { rows } = await pool.query<{ tx: string; gp: string }>(
      'SELECT transaction_id::text AS tx, global_position::text AS gp FROM events ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1',
    );
    return rows[0] && encodePosition(rows[0].tx, rows[0].gp);
  };
  const caughtUp = async (position?: string) => {
    const target = position ?? (await newestEvent());
    if (!target || !projections) return;
    const running = projections.runners.map((runner) => runner.name);
    await eventually(async () => {
      const { rows } = await pool.query<{ behind: string }>(
        `SELECT count(*) AS behind FROM projection_live l
           LEFT JOIN projection_checkpoints c ON c.projection = l.projection AND c.version = l.version
          WHERE l.projection = ANY($2) AND (c.position IS NULL OR c.position < $1)`,
        [target, running],
      );
      return rows[0]?.behind === '0';
      // A bound for reporting a stuck runner, not a wait: a history of thousands of events takes
      // its runners tens of seconds on two loaded cores.
    }, 60_000);
  };

  let baseUrl = NOT_STARTED;
  if (everything) {
    // Tests start on a site whose read models already show the seed, as a visitor's would.
    await caughtUp();
    const gateway = await startGateway({ port: 0, host: '127.0.0.1', staticDir: FRONTEND_DIST, queryApiUrl: queryUrl, commandApiUrl: commandUrl, mediaDir: media.publicRoot });
    baseUrl = `http://127.0.0.1:${gateway.port}`;
    siteUrl = baseUrl;
    siteOrigins.push(baseUrl, `http://localhost:${gateway.port}`);
    stops.push(() => gateway.close());
  }

  return {
    db,
    pool,
    store,
    redis,
    clock: stackClock,
    prefix,
    channelPrefix,
    staffLogin: (role = 'super', name) => staffMemberWithSession({ store, pool, commandUrl: commandUrls[0] ?? null }, role, name),
    commandUrl,
    commandUrls,
    queryUrl,
    baseUrl,
    projections,
    media,
    payments,
    paymentProvider: paymentsClient,
    logs,
    caughtUp,
    query: (path, headers = {}) => getJson(queryUrl + path, headers),
    async stopQueryApi() {
      await queryApi?.close();
      queryApi = undefined;
    },
    async startQueryApi() {
      queryApi ??= await startQuery(queryPort);
    },
    async stop() {
      await queryApi?.close();
      // Last started, first stopped: the gateway before the APIs, the APIs before the runners.
      for (const stop of stops.reverse()) await stop();
      await deleteKeys(redis, `${prefix}*`);
      redis.disconnect();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

/** BullMQ and the rate counters leave keys behind; a test run (or a bench section) should not. */
export async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
