import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import type pg from 'pg';
import type { Clock } from '@studio/domain';
import { errorHandler, GATEWAY_HOPS, notFoundHandler, refuseUnsafeText, type Captcha, type CommandHandler, type MediaStore, type OnceSender, type PaymentProvider, type RateLimiter, type ReceiptSettings, type SmsMessage } from '@studio/platform';
import type { LoginLimiters } from '../accounts/login-rate-limit';
import { FEATURES } from '../features';
import type { HoldExpiryQueue } from '../calendar/hold-expiry-queue';
import type { RebuildQueue } from '../operations/rebuild-queue';
import type { StaffLoginLimiters } from '../staff/login-rate-limit';
import { correlation, signedInCustomer, staffGuard } from './context';
import { readPositionCookie } from './read-position-cookie';
import { sameSiteWrites } from './same-site';

/**
 * Per-feature middleware run before its routes, by feature name. Staff-only features always run
 * the staff session check first, whatever is given here.
 */
export type RouterGuards = Partial<Record<string, RequestHandler[]>>;

export interface CommandApiDeps {
  commands: CommandHandler;
  clock: Clock;
  holdExpiry: HoldExpiryQueue;
  /** Where operators' projection rebuilds go for the projections process. */
  rebuilds: RebuildQueue;
  holdMinutes: number;
  /** Takes the payments customers confirm (the provider's sandbox locally and in tests). */
  payments: PaymentProvider;
  /** The 54-FZ receipt fields every payment carries; unset, payments go without a receipt. */
  receipts?: ReceiptSettings | undefined;
  /** The site's address as customers see it: the provider sends them back to its payment result page. */
  siteUrl: string;
  /** The site's browser origins (SITE_ORIGIN); a write from a page of any other is refused (same-site.ts). */
  allowedOrigins: readonly string[];
  /** Whether a client address may deliver payment notifications (the provider's documented sources). */
  isNotificationSource: (address: string) => boolean;
  /** Counts hold attempts per client IP; over the limit a hold is refused with 429. */
  holdLimiter: RateLimiter;
  /** Counts promo code checks per client IP; over the limit a check is refused with 429. */
  promoCheckLimiter: RateLimiter;
  /** Where customers' sessions are kept (the read models' database). */
  pool: pg.Pool;
  /** Where phone codes go: SMS.ru, or the sandbox outbox locally and in tests. */
  sms: OnceSender<SmsMessage>;
  /** The human check of login and registration (the sandbox locally and in tests). */
  captcha: Captcha;
  loginLimiters: LoginLimiters;
  staffLoginLimiters: StaffLoginLimiters;
  /**
   * Express `trust proxy` addresses/CIDRs/names, comma-separated; GATEWAY_HOPS unless given. Holds and
   * logins are rate-limited by `req.ip`, so were the gateway not trusted every visitor would share its one address and one limit.
   */
  trustProxy?: string | undefined;
  /** Where uploaded hall photos wait for the workers. */
  media?: MediaStore;
  /** CALENDAR_FEED_SECRET, the key of the calendar feeds' tokens; the development key unless given. */
  calendarFeedSecret?: string | undefined;
  guards?: RouterGuards;
  /** An answer outside its contract is a 500 rather than a logged error (tests and development). */
  strictAnswers?: boolean | undefined;
}

export function createApp(deps: CommandApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? GATEWAY_HOPS);
  app.use(correlation);
  app.use(sameSiteWrites(deps.allowedOrigins));
  app.use(express.json({ limit: '1mb' }));
  app.use(refuseUnsafeText);
  app.use(cookieParser());
  app.use(readPositionCookie);
  app.use(signedInCustomer(deps.pool));
  for (const feature of FEATURES) {
    const guards = [...(feature.staffRole ? [staffGuard(deps.pool, feature.staffRole)] : []), ...(deps.guards?.[feature.name] ?? [])];
    app.use('/api', feature.routes(deps, guards));
  }
  app.use(notFoundHandler);
  app.use(errorHandler('command-api'));
  return app;
}
