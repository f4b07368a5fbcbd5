import express, { type Express, type RequestHandler } from 'express';
import type { Clock } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import type { HoldExpiryQueue } from '../holds/hold-expiry-queue';
import { createHoldsRouter } from '../holds/routes';
import { createCatalogRouter } from '../catalog/routes';
import { createPhotographersRouter } from '../photographers/routes';
import { correlation } from './context';
import { errorHandler, notFoundHandler } from './errors';

/** Per-feature middleware run before its routes (authentication and roles plug in here). */
export interface RouterGuards {
  holds?: RequestHandler[];
  catalog?: RequestHandler[];
  photographers?: RequestHandler[];
}

export interface CommandApiDeps {
  store: EventStore;
  clock: Clock;
  holdExpiry: HoldExpiryQueue;
  holdMinutes: number;
  guards?: RouterGuards;
}

export function createApp(deps: CommandApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(correlation);
  app.use(express.json({ limit: '1mb' }));
  app.use('/api', createHoldsRouter(deps, deps.guards?.holds ?? []));
  app.use('/api', createPhotographersRouter(deps, deps.guards?.photographers ?? []));
  app.use('/api', createCatalogRouter(deps, deps.guards?.catalog ?? []));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
