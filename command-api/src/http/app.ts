import express, { type Express, type RequestHandler } from 'express';
import type { Clock } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import type { HoldExpiryQueue } from '../holds/hold-expiry-queue';
import type { HoldRateLimiter } from '../holds/hold-rate-limit';
import { createHoldsRouter } from '../holds/routes';
import { createCatalogRouter } from '../catalog/routes';
import { createPhotographersRouter } from '../photographers/routes';
import { correlation } from './context';
import { errorHandler, notFoundHandler } from './errors';
import { requireStaff } from './staff-access';

/**
 * Per-feature middleware run before its routes (authentication and roles plug in here). The
 * catalogue and photographer writes always run the staff check first, whatever is given here.
 */
export interface RouterGuards {
  holds?: RequestHandler[];
  catalog?: RequestHandler[];
  photographers?: RequestHandler[];
}

/**
 * Hops whose X-Forwarded-For is believed: the gateway on this machine (loopback) or, in Docker,
 * on the private network. Holds are rate-limited by `req.ip`, so were the gateway not trusted
 * every visitor would share its one address and one limit.
 */
export const DEFAULT_TRUST_PROXY = 'loopback, uniquelocal';

export interface CommandApiDeps {
  store: EventStore;
  clock: Clock;
  holdExpiry: HoldExpiryQueue;
  holdMinutes: number;
  /** Counts hold attempts per client IP; over the limit a hold is refused with 429. */
  holdLimiter: HoldRateLimiter;
  /**
   * The bearer token that proves a caller is staff for catalogue and photographer writes. Unset,
   * those writes are refused to everyone (403) until staff logins exist.
   */
  staffToken?: string | undefined;
  /** Express `trust proxy` addresses/CIDRs/names, comma-separated; DEFAULT_TRUST_PROXY unless given. */
  trustProxy?: string | undefined;
  guards?: RouterGuards;
}

export function createApp(deps: CommandApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? DEFAULT_TRUST_PROXY);
  app.use(correlation);
  app.use(express.json({ limit: '1mb' }));
  const staffOnly = requireStaff(deps.staffToken);
  app.use('/api', createHoldsRouter(deps, deps.guards?.holds ?? []));
  app.use('/api', createPhotographersRouter(deps, [staffOnly, ...(deps.guards?.photographers ?? [])]));
  app.use('/api', createCatalogRouter(deps, [staffOnly, ...(deps.guards?.catalog ?? [])]));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
