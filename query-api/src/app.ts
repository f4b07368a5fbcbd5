import express, { type Express } from 'express';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { calendarRoutes } from './calendar/routes';
import { catalogRoutes } from './catalog/routes';
import { errorHandler, notFound, type ErrorLogger } from './http/errors';
import type { CheckpointWaiter } from './http/read-your-writes';
import type { ReadModels } from './read-models';

export interface QueryAppDeps {
  db: Kysely<ReadModels>;
  /** The pool under `db`, for the one hot path that runs kysely-built SQL on pg directly. */
  pool: pg.Pool;
  waiter: CheckpointWaiter;
  logger: ErrorLogger;
}

/** The HTTP side of query-api: GET endpoints over the read models, JSON in every answer. */
export function createQueryApp({ db, pool, waiter, logger }: QueryAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers follow live read models; clients refetch on change notices instead of revalidating.
  app.set('etag', false);
  app.use(calendarRoutes(db, pool, waiter));
  app.use(catalogRoutes(db, waiter));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
