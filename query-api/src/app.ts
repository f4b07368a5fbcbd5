import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Clock, ReadModels } from '@studio/domain';
import { errorHandler, GATEWAY_HOPS, notFoundHandler, refuseUnsafeText, type ErrorLogger, type EventStore, type PaymentProvider, type RateLimiter } from '@studio/platform';
import { FEATURES } from './features';
import type { JobSchedulers } from './health/job-schedulers';
import type { CheckpointWaiter } from './http/read-your-writes';

export interface QueryAppDeps {
  db: Kysely<ReadModels>;
  /** The pool under `db`, for the one hot path that runs kysely-built SQL on pg directly. */
  pool: pg.Pool;
  waiter: CheckpointWaiter;
  /** For audit reads that must not depend on a projection being complete (a booking's history), and the projections' lag. */
  events: Pick<EventStore, 'readStream' | 'readAll' | 'countAll'>;
  logger: ErrorLogger;
  clock: Clock;
  /** Whether GET /api/dev/outbox is served: a messaging sandbox is in use, outside production. */
  devOutbox: boolean;
  /** The payment provider, only read (the finance reconciliation); unset, that check answers 503. */
  payments?: PaymentProvider;
  /** Counts promo code checks per client IP; over the limit a check is refused with 429. */
  promoCheckLimiter: RateLimiter;
  /** Where health looks for the workers' repeating jobs in Redis. */
  schedulers: JobSchedulers;
  /** CALENDAR_FEED_SECRET, the key of the calendar feeds' tokens; the development key unless given. */
  calendarFeedSecret?: string | undefined;
}

/** The HTTP side of query-api: GET endpoints over the read models, JSON in every answer. */
export function createQueryApp(deps: QueryAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // The visitor's address is the one the gateway forwards (the dev outbox answers only this machine).
  app.set('trust proxy', GATEWAY_HOPS);
  // Answers follow live read models; clients refetch on change notices instead of revalidating.
  app.set('etag', false);
  // The visitor cookie tells a guest's browser its own calendar cells.
  app.use(cookieParser());
  app.use(refuseUnsafeText);
  for (const feature of FEATURES) app.use(feature.routes(deps));
  app.use(notFoundHandler);
  app.use(errorHandler('query-api', deps.logger));
  return app;
}
