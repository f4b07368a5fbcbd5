import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { systemClock, type Clock, type ReadModels } from '@studio/domain';
import {
  connectRateLimitRedis,
  createKysely,
  createPostgresEventStore,
  createRateLimiter,
  DEFAULT_PROMO_CHECK_RATE_LIMIT,
  ensureMessagingTables,
  PROMO_CHECK_RATE_KEY,
  type EventStore,
  type PaymentProvider,
  type RateLimit,
} from '@studio/platform';
import { createQueryApp } from './app';
import { jobSchedulersIn } from './health/job-schedulers';
import { createCheckpointWaiter } from './http/read-your-writes';
import { startChangeBroadcaster } from './realtime/change-broadcaster';

export { createQueryApp, type QueryAppDeps } from './app';

export interface QueryApiOptions {
  pool: pg.Pool;
  /** The event store a booking's history is read from; the Postgres one over `pool` unless given. */
  store?: EventStore;
  redisUrl: string;
  /** 0 picks a free port; the chosen one is returned. */
  port: number;
  /** The address to listen on; loopback unless configured, since browsers reach it through the gateway. */
  host?: string;
  /** Browser origins socket.io accepts: the site's own. */
  allowedOrigins: readonly string[];
  /** Prefix of the Redis change channel (tests use a unique one). */
  channelPrefix?: string;
  logger?: Pick<Console, 'warn' | 'error'>;
  /** Business time for answers that depend on it (whether a booking may still be cancelled). */
  clock?: Clock;
  /** Serve the sandbox outbox at GET /api/dev/outbox (development with a messaging sandbox only). */
  devOutbox?: boolean;
  /** CALENDAR_FEED_SECRET, the key of the calendar feeds' tokens; the development key unless given. */
  calendarFeedSecret?: string | undefined;
  /** How long a read waits for the client's last write before it answers marked X-Read-Stale; READ_WAIT_MS unless given. */
  readWaitMs?: number;
  /** The payment provider the finance reconciliation reads payments from. */
  payments?: PaymentProvider;
  /** Promo code checks allowed per client IP and window; DEFAULT_PROMO_CHECK_RATE_LIMIT unless given. */
  promoCheckRateLimit?: RateLimit;
  /** Prefix of the rate counters' Redis keys: command-api's (its queuePrefix, `command-api` unless given), so both count one allowance. */
  rateLimitPrefix?: string;
  /** The BullMQ key prefix the workers' queues use (BullMQ's default unless given), for health's look at their repeating jobs. */
  queuePrefix?: string;
}

export interface QueryApi {
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP server with its socket.io endpoint. The pool stays the caller's to end. */
export async function startQueryApi(options: QueryApiOptions): Promise<QueryApi> {
  const logger = options.logger ?? console;
  if (options.devOutbox) await ensureMessagingTables(options.pool);
  const counters = await connectRateLimitRedis(options.redisUrl);
  const promoCheckLimiter = createRateLimiter(
    counters,
    options.promoCheckRateLimit ?? DEFAULT_PROMO_CHECK_RATE_LIMIT,
    `${options.rateLimitPrefix ?? 'command-api'}:${PROMO_CHECK_RATE_KEY}`,
    'promo code checks',
  );
  const db = createKysely<ReadModels>(options.pool);
  const events = options.store ?? (await createPostgresEventStore({ pool: options.pool }));
  const shutdown = new AbortController();
  const waiter = createCheckpointWaiter(db, { signal: shutdown.signal, ...(options.readWaitMs !== undefined ? { timeoutMs: options.readWaitMs } : {}) });
  const schedulers = jobSchedulersIn(options.redisUrl, options.queuePrefix, logger);
  const server = createServer(
    createQueryApp({ db, pool: options.pool, events, waiter, logger, clock: options.clock ?? systemClock, devOutbox: options.devOutbox ?? false, promoCheckLimiter, schedulers, calendarFeedSecret: options.calendarFeedSecret, ...(options.payments ? { payments: options.payments } : {}) }),
  );
  let broadcaster;
  try {
    broadcaster = await startChangeBroadcaster(server, { redisUrl: options.redisUrl, channelPrefix: options.channelPrefix, allowedOrigins: options.allowedOrigins, logger });
  } catch (error) {
    await schedulers.close();
    counters.disconnect();
    throw error;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await broadcaster.close();
    await schedulers.close();
    counters.disconnect();
    throw error;
  }
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      shutdown.abort();
      await broadcaster.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await schedulers.close();
      counters.disconnect();
    },
  };
}
