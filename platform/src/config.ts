import { z } from 'zod';
import { captchaProviderOf } from './captcha/captcha-from-config';
import { compileTrust } from './http/client-address';
import { YOOKASSA_API_URL } from './payments/yookassa-client';

const poolTimeouts = {
  /**
   * Longest one statement of a pooled connection may run before Postgres cancels it, so a runaway
   * query cannot pin a connection (and its locks) for ever; 0 leaves the server's own setting.
   */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(30_000),
  /**
   * Longest a pooled connection may sit idle inside an open transaction before Postgres ends the
   * session: such a transaction stalls every event-store reader in the cluster. 0 leaves the server's.
   */
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(60_000),
  /**
   * Longest a request waits for a pooled connection (a new one, or a free one of a busy pool)
   * before it fails and answers 503: a database that does not answer, rather than refusing, would
   * otherwise hold every request for as long as the operating system keeps trying. 0 waits for ever.
   */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().nonnegative().default(5000),
};

function compiles(trustList: string): boolean {
  try {
    compileTrust(trustList);
    return true;
  } catch {
    return false;
  }
}

function emptyAsUnset<T extends z.ZodType>(parser: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), parser);
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Unset means: `npm start` runs an embedded Postgres and sets it. */
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
  ESDB_URL: z.string().optional(),
  /** Uploaded hall photos: what waits for the workers and the web images the gateway serves at /media (relative to the working folder). */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  /** The gateway: the only port a browser talks to. */
  PORT: z.coerce.number().int().positive().default(3000),
  QUERY_API_PORT: z.coerce.number().int().positive().default(3101),
  COMMAND_API_PORT: z.coerce.number().int().positive().default(3102),
  /**
   * Where command-api and query-api listen. Browsers reach them only through the gateway, so
   * loopback unless a deployment (Docker: 0.0.0.0 on the private network) says otherwise.
   */
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /** The site's own origin (scheme://host[:port]); socket.io refuses browsers from any other. Unset: the gateway's localhost origins. */
  SITE_ORIGIN: z.string().optional(),
  YANDEX_MAPS_API_KEY: z.string().default(''),
  /**
   * The first super administrator, created on start when its login belongs to nobody (an existing
   * one is left as it is). Outside production the demo pair stands in when unset; production
   * refuses to start without both.
   */
  ADMIN_LOGIN: emptyAsUnset(z.string().trim().min(1).max(64).regex(/^\S+$/, 'must have no spaces').optional()),
  ADMIN_PASSWORD: emptyAsUnset(z.string().min(6, 'must be at least 6 characters').max(200).optional()),
  /** Hold attempts one client IP may make per window; a hold blocks its cells for 15 minutes. */
  HOLD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** How long a waitlist offer holds the freed cells for its customer (docs/waitlist.md). */
  WAITLIST_OFFER_MINUTES: z.coerce.number().int().positive().max(24 * 60).default(30),
  HOLD_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  /** Promo code checks one client IP may make per HOLD_RATE_WINDOW_MINUTES; keeps codes from being guessed. */
  PROMO_CHECK_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * The gateway's outer proxies (a TLS proxy in front of it), whose X-Forwarded-For and
   * X-Forwarded-Proto it believes: names (loopback, uniquelocal), addresses or CIDRs, comma-separated.
   * Unset, none: the gateway is the edge and takes the socket's address and protocol.
   */
  TRUST_PROXY: emptyAsUnset(
    z
      .string()
      .optional()
      .refine((list) => list === undefined || compiles(list), 'names (loopback, linklocal, uniquelocal), IP addresses or CIDRs, comma-separated'),
  ),
  /** `sandbox`: the local YooKassa stand-in (payments/payment-sandbox.ts); `yookassa`: real money. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'yookassa']).default('sandbox'),
  YOOKASSA_SHOP_ID: emptyAsUnset(z.string().optional()),
  YOOKASSA_SECRET_KEY: emptyAsUnset(z.string().optional()),
  YOOKASSA_API_URL: z.url().default(YOOKASSA_API_URL),
  /** `on`: every payment carries a 54-FZ receipt (the customer's email, one item per booked block); YooKassa sends it to the tax service. */
  YOOKASSA_RECEIPT: z.enum(['off', 'on']).default('off'),
  /** The receipt items' VAT code in YooKassa's table: 1 = no VAT. */
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  /** `full_prepayment`: paid before the visit; `full_payment`: paid on the day of the service. */
  YOOKASSA_PAYMENT_MODE: z.enum(['full_prepayment', 'full_payment']).default('full_prepayment'),
  YOOKASSA_PAYMENT_SUBJECT: z.enum(['service', 'commodity', 'another']).default('service'),
  /** Where the payment sandbox listens (loopback) when PAYMENTS_PROVIDER=sandbox. */
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().positive().default(3103),
  /** `sandbox`: accepts the token sandbox-pass; `yandex`: SmartCaptcha. Unset: yandex in production, sandbox elsewhere. */
  CAPTCHA_PROVIDER: emptyAsUnset(z.enum(['sandbox', 'yandex']).optional()),
  /** SmartCaptcha's server key; the widget's site key is the frontend's VITE_YANDEX_CAPTCHA_SITE_KEY. */
  YANDEX_CAPTCHA_SECRET: emptyAsUnset(z.string().optional()),
  /**
   * Login attempts per window: per client IP (also counts registrations); per phone from one
   * address; and per phone from all addresses together, a ceiling high enough that strangers
   * cannot lock an owner out.
   */
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_RATE_LIMIT_PER_PHONE: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_CEILING_PER_PHONE: z.coerce.number().int().positive().default(50),
  LOGIN_RATE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** SMS.ru's api_id: set, SMS go out through SMS.ru; unset, through the sandbox outbox (messaging/). */
  SMS_RU_API_ID: emptyAsUnset(z.string().optional()),
  /** `on`: SMS.ru checks each SMS and answers as if sent (`test=1`), sending nothing and charging nothing. */
  SMS_RU_TEST: z.enum(['off', 'on']).default('off'),
  /** smtp://user:pass@host:587 or smtps://…: set, e-mail goes out over SMTP; unset, through the sandbox outbox. */
  SMTP_URL: emptyAsUnset(z.string().optional()),
  /** The From of every e-mail; required with SMTP_URL. */
  MAIL_FROM: emptyAsUnset(z.string().min(3).optional()),
  /** How many hours before its start a confirmed booking gets its SMS and e-mail reminder (docs/notifications.md). */
  REMINDER_HOURS: z.coerce.number().int().min(3).max(168).default(24),
  /** The staff alerts' Telegram bot: set, alerts go out through the Bot API; unset, through the sandbox outbox. */
  TELEGRAM_BOT_TOKEN: emptyAsUnset(z.string().optional()),
  /** The Bot API's address (a test points it at a fake server). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** The key each studio's calendar feed token is derived from; required in production, a fixed development key elsewhere. */
  CALENDAR_FEED_SECRET: emptyAsUnset(z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  ...poolTimeouts,
});

/** The first super administrator of a development or test stack, as docs/staff.md#what-it-does names it. */
export const DEMO_ADMIN = { login: 'admin', password: 'admin-demo-2026' } as const;

export type Config = Omit<z.infer<typeof schema>, 'ADMIN_LOGIN' | 'ADMIN_PASSWORD'> & { ADMIN_LOGIN: string; ADMIN_PASSWORD: string };
export type PoolTimeouts = Pick<Config, keyof typeof poolTimeouts>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseOrExplain(schema, env);
  if (parsed.EVENT_STORE === 'esdb' && !parsed.ESDB_URL) {
    throw new Error('Invalid configuration:\n  ESDB_URL: required when EVENT_STORE=esdb');
  }
  if (parsed.PAYMENTS_PROVIDER === 'yookassa') {
    const missing = (['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] as const).filter((name) => !parsed[name]);
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when PAYMENTS_PROVIDER=yookassa (the shop's id and secret key from the YooKassa dashboard; PAYMENTS_PROVIDER=sandbox needs neither)`).join('\n')}`,
      );
    }
  }
  if (parsed.SMTP_URL && !parsed.MAIL_FROM) {
    throw new Error('Invalid configuration:\n  MAIL_FROM: required with SMTP_URL (the From of every e-mail, e.g. "Фотостудия <booking@example.ru>")');
  }
  if (parsed.NODE_ENV === 'production' && !parsed.CALENDAR_FEED_SECRET) {
    throw new Error('Invalid configuration:\n  CALENDAR_FEED_SECRET: required in production (the key of the calendar feeds\' tokens: `openssl rand -hex 32`)');
  }
  if (captchaProviderOf(parsed) === 'yandex' && !parsed.YANDEX_CAPTCHA_SECRET) {
    throw new Error('Invalid configuration:\n  YANDEX_CAPTCHA_SECRET: required when the captcha is Yandex SmartCaptcha (CAPTCHA_PROVIDER=yandex, the default in production; CAPTCHA_PROVIDER=sandbox needs none)');
  }
  return { ...parsed, ...firstSuperAdmin(parsed) };
}

/** ADMIN_LOGIN / ADMIN_PASSWORD, the demo pair outside production, or why production cannot start. */
function firstSuperAdmin({ NODE_ENV, ADMIN_LOGIN, ADMIN_PASSWORD }: z.infer<typeof schema>): Pick<Config, 'ADMIN_LOGIN' | 'ADMIN_PASSWORD'> {
  if (NODE_ENV !== 'production') return { ADMIN_LOGIN: ADMIN_LOGIN ?? DEMO_ADMIN.login, ADMIN_PASSWORD: ADMIN_PASSWORD ?? DEMO_ADMIN.password };
  const problems = [
    ...(ADMIN_LOGIN ? [] : ['  ADMIN_LOGIN: required when NODE_ENV=production (the login of the first super administrator)']),
    ...(!ADMIN_PASSWORD
      ? ['  ADMIN_PASSWORD: required when NODE_ENV=production (the first super administrator\'s password, at least 6 characters)']
      : ADMIN_PASSWORD === DEMO_ADMIN.password
        ? ['  ADMIN_PASSWORD: the demo password is published in docs/staff.md; choose another for production']
        : []),
  ];
  if (problems.length > 0 || !ADMIN_LOGIN || !ADMIN_PASSWORD) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return { ADMIN_LOGIN, ADMIN_PASSWORD };
}

/** Only the pool timeouts, for pools opened outside a service (scripts, tests) without a full config. */
export function loadPoolTimeouts(env: NodeJS.ProcessEnv = process.env): PoolTimeouts {
  return parseOrExplain(z.object(poolTimeouts), env);
}

function parseOrExplain<T>(parser: z.ZodType<T>, env: NodeJS.ProcessEnv): T {
  const parsed = parser.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The browser origins of the site: SITE_ORIGIN (comma-separated) or, unset, the gateway on this machine. */
export function siteOrigins(config: Pick<Config, 'SITE_ORIGIN' | 'PORT'>): string[] {
  if (config.SITE_ORIGIN) return config.SITE_ORIGIN.split(',').map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean);
  return [`http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`];
}
