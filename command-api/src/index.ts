import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { systemClock, type Clock } from '@studio/domain';
import type pg from 'pg';
import {
  connectRateLimitRedis,
  createCommandHandler,
  createRateLimiter,
  customerSessions,
  DEFAULT_PROMO_CHECK_RATE_LIMIT,
  messagingFromConfig,
  notificationSourceCheck,
  PaymentProviderError,
  PROMO_CHECK_RATE_KEY,
  SANDBOX_NOTIFICATION_SOURCES,
  sandboxCaptcha,
  siteOrigins,
  type Captcha,
  type EventStore,
  type MediaStore,
  type OnceSender,
  type PaymentProvider,
  type RateLimit,
  type ReceiptSettings,
  type SmsMessage,
  staffSessions,
} from '@studio/platform';
import { DEFAULT_LOGIN_RATE_LIMITS, type LoginRateLimits } from './accounts/login-rate-limit';
import { createApp, type RouterGuards } from './http/app';
import { createHoldExpiryQueue } from './calendar/hold-expiry-queue';
import { createRebuildQueue } from './operations/rebuild-queue';
import { DEFAULT_HOLD_RATE_LIMIT } from './calendar/hold-rate-limit';
import { DEFAULT_STAFF_LOGIN_RATE_LIMITS, type StaffLoginRateLimits } from './staff/login-rate-limit';

export { createApp, type CommandApiDeps, type RouterGuards } from './http/app';
export type { RateLimit } from '@studio/platform';
export { DEFAULT_HOLD_RATE_LIMIT } from './calendar/hold-rate-limit';
export { DEFAULT_LOGIN_RATE_LIMITS, type LoginRateLimits } from './accounts/login-rate-limit';
export type { StaffLoginRateLimits } from './staff/login-rate-limit';

/** A checkout's hold lives this long unless a payment confirms it. */
export const HOLD_MINUTES = 15;

export interface CommandApiOptions {
  store: EventStore;
  /** The read models' database, where command-api keeps customers' sessions. */
  pool: pg.Pool;
  redisUrl: string;
  port: number;
  /** The address to listen on; loopback unless configured, since browsers reach it through the gateway. */
  host?: string;
  clock?: Clock;
  /** Prefix of the Redis keys this API writes (BullMQ queue, hold rate counters); tests give each run its own. */
  queuePrefix?: string;
  holdMinutes?: number;
  /** Hold and checkout attempts allowed per client IP and window; 20 per 10 minutes unless given. */
  holdRateLimit?: RateLimit;
  /** Promo code checks allowed per client IP and window; DEFAULT_PROMO_CHECK_RATE_LIMIT unless given. */
  promoCheckRateLimit?: RateLimit;
  /** Login attempts allowed per client IP and per phone; DEFAULT_LOGIN_RATE_LIMITS unless given. */
  loginRateLimits?: LoginRateLimits;
  /** Where phone codes go; the sandbox outbox in `pool` unless given. */
  sms?: OnceSender<SmsMessage>;
  /** The human check of login and registration; the sandbox (token sandbox-pass) unless given. */
  captcha?: Captcha;
  /** Staff login attempts allowed per client IP and per login; DEFAULT_STAFF_LOGIN_RATE_LIMITS unless given. */
  staffLoginRateLimits?: StaffLoginRateLimits;
  /** Which hops' X-Forwarded-For is believed (Express `trust proxy`); the gateway's (GATEWAY_HOPS) unless given. */
  trustProxy?: string | undefined;
  guards?: RouterGuards;
  /** The payment provider (the sandbox locally and in tests); without one, checkouts answer 503. */
  payments?: PaymentProvider;
  /** 54-FZ receipts with every payment (YOOKASSA_RECEIPT=on); unset, none. */
  receipts?: ReceiptSettings | undefined;
  /**
   * The site's address customers return to after paying; http://localhost:3000 unless given. A
   * function is asked at each checkout, for a site whose address is known only after this starts.
   */
  siteUrl?: string | (() => string);
  /**
   * The site's browser origins: a write from a page of any other is refused. The gateway on this
   * machine's port 3000 unless given; a list filled later serves a site whose port is known only then.
   */
  allowedOrigins?: readonly string[];
  /** Addresses and subnets payment notifications may come from; this machine (the sandbox) unless given. */
  notificationSources?: readonly string[];
  /** Where uploaded hall photos are kept for the workers; without it, uploads answer 503. */
  media?: MediaStore;
  /** CALENDAR_FEED_SECRET, the key of the calendar feeds' tokens; the development key unless given. */
  calendarFeedSecret?: string | undefined;
  /** An answer outside its contract (domain/src/contracts/http) is a 500, not only a logged error: for tests and development. */
  strictAnswers?: boolean;
}

const unavailable = (): Promise<never> =>
  Promise.reject(new PaymentProviderError({ code: 'network_error', description: 'no payment provider is configured for this command-api' }));
/** What a command-api started without a provider takes payments with: nothing. */
const NO_PAYMENTS: PaymentProvider = { createPayment: unavailable, getPayment: unavailable, capture: unavailable, cancel: unavailable, createRefund: unavailable, getRefund: unavailable };

export async function startCommandApi(options: CommandApiOptions): Promise<{ port: number; close(): Promise<void> }> {
  // First, so a Redis that does not answer or is too old stops the start before anything is opened.
  const counters = await connectRateLimitRedis(options.redisUrl);
  const prefix = options.queuePrefix ?? 'command-api';
  const loginLimits = options.loginRateLimits ?? DEFAULT_LOGIN_RATE_LIMITS;
  const staffLimits = options.staffLoginRateLimits ?? DEFAULT_STAFF_LOGIN_RATE_LIMITS;
  let sms: OnceSender<SmsMessage>;
  try {
    await customerSessions.ensureTable(options.pool);
    await staffSessions.ensureTable(options.pool);
    sms = options.sms ?? (await messagingFromConfig({ NODE_ENV: 'development', SMS_RU_TEST: 'off' }, options.pool)).sms;
  } catch (error) {
    counters.disconnect();
    throw error;
  }
  const holdExpiry = createHoldExpiryQueue(options.redisUrl, options.clock ?? systemClock, options.queuePrefix);
  const rebuilds = createRebuildQueue(options.redisUrl, options.queuePrefix);
  const app = createApp({
    commands: createCommandHandler(options.store),
    clock: options.clock ?? systemClock,
    holdExpiry,
    rebuilds,
    holdMinutes: options.holdMinutes ?? HOLD_MINUTES,
    holdLimiter: createRateLimiter(counters, options.holdRateLimit ?? DEFAULT_HOLD_RATE_LIMIT, `${prefix}:hold-rate`, 'hold attempts'),
    promoCheckLimiter: createRateLimiter(counters, options.promoCheckRateLimit ?? DEFAULT_PROMO_CHECK_RATE_LIMIT, `${prefix}:${PROMO_CHECK_RATE_KEY}`, 'promo code checks'),
    pool: options.pool,
    sms,
    captcha: options.captcha ?? sandboxCaptcha,
    loginLimiters: {
      perIp: createRateLimiter(counters, loginLimits.perIp, `${prefix}:login-rate-ip`, 'login attempts per address'),
      perPhoneAndIp: createRateLimiter(counters, loginLimits.perPhoneAndIp, `${prefix}:login-rate-phone-ip`, 'login attempts per phone and address'),
      perPhone: createRateLimiter(counters, loginLimits.perPhone, `${prefix}:login-rate-phone`, 'login attempts per phone'),
    },
    staffLoginLimiters: {
      perIp: createRateLimiter(counters, staffLimits.perIp, `${prefix}:staff-login-rate-ip`, 'staff login attempts per address'),
      perLoginAndIp: createRateLimiter(counters, staffLimits.perLoginAndIp, `${prefix}:staff-login-rate-login-ip`, 'staff login attempts per login and address'),
      perLogin: createRateLimiter(counters, staffLimits.perLogin, `${prefix}:staff-login-rate-login`, 'staff login attempts per login'),
    },
    payments: options.payments ?? NO_PAYMENTS,
    receipts: options.receipts,
    get siteUrl() {
      const site = options.siteUrl ?? 'http://localhost:3000';
      return typeof site === 'function' ? site() : site;
    },
    allowedOrigins: options.allowedOrigins ?? siteOrigins({ SITE_ORIGIN: undefined, PORT: 3000 }),
    isNotificationSource: notificationSourceCheck(options.notificationSources ?? SANDBOX_NOTIFICATION_SOURCES),
    trustProxy: options.trustProxy,
    ...(options.media ? { media: options.media } : {}),
    calendarFeedSecret: options.calendarFeedSecret,
    ...(options.guards ? { guards: options.guards } : {}),
    strictAnswers: options.strictAnswers,
  });
  const server = createServer(app);
  server.listen(options.port, options.host ?? '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      server.closeAllConnections();
      await closed;
      await holdExpiry.close();
      await rebuilds.close();
      counters.disconnect();
    },
  };
}
