import { isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimitedError } from '@studio/platform';
import { withTimeout } from './timeout';

/** At most `max` hold attempts per client IP in each fixed window of `windowMs`. */
export interface HoldRateLimit {
  max: number;
  windowMs: number;
}

/** A hold blocks its cells for 15 minutes: this keeps one address from locking a whole studio. */
export const DEFAULT_HOLD_RATE_LIMIT: HoldRateLimit = { max: 20, windowMs: 10 * 60_000 };

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface HoldRateLimiter {
  /** Counts one attempt of `client` and says whether it is still within the limit. */
  take(client: string): Promise<RateDecision>;
}

/** A counter slower than this is treated as unavailable (see the fail-open note below). */
const COUNTER_TIMEOUT_MS = 1000;

/**
 * A fixed-window counter per client in Redis: INCR, PEXPIRE … NX (only the first attempt of a
 * window starts its clock) and PTTL in one MULTI, so parallel API instances share one count.
 */
export function createHoldRateLimiter(redis: Redis, limit: HoldRateLimit, keyPrefix: string): HoldRateLimiter {
  return {
    async take(client) {
      const key = `${keyPrefix}${client}`;
      try {
        const replies = await withTimeout(
          redis.multi().incr(key).pexpire(key, limit.windowMs, 'NX').pttl(key).exec(),
          COUNTER_TIMEOUT_MS,
          'the hold rate counter did not answer in time',
        );
        const failed = replies?.find(([error]) => error);
        if (!replies || failed) throw failed?.[0] ?? new Error('the hold rate transaction was discarded');
        const count = Number(replies[0]![1]);
        const ttl = Number(replies[2]![1]);
        return count <= limit.max ? { allowed: true } : { allowed: false, retryAfterMs: ttl > 0 ? ttl : limit.windowMs };
      } catch (error) {
        // Fail open: the limiter only protects against floods, while the ledger alone decides who
        // gets a cell. Refusing every customer because a counter is unreachable would turn a Redis
        // hiccup into a booking outage, which is worse than a few minutes without the limit.
        console.warn(`[command-api] hold rate limit skipped for ${client}: ${error instanceof Error ? error.message : String(error)}`);
        return { allowed: true };
      }
    },
  };
}

/**
 * Whom an address counts as. An IPv4 client seen through a dual-stack socket (::ffff:a.b.c.d) is
 * that IPv4 address; an IPv6 client is its /64, since one home or phone is handed a whole /64 and
 * could otherwise take a fresh address for every hold.
 */
export function rateClientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) {
    const rest = tail ? tail.split(':') : [];
    groups.push(...Array<string>(Math.max(0, 8 - groups.length - rest.length)).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Refuses a hold attempt over the limit with 429 before anything is decided or appended. */
export function limitHolds(limiter: HoldRateLimiter): RequestHandler {
  return async (req, _res, next) => {
    // The gateway appends the visitor's socket address to X-Forwarded-For and only gateway hops
    // are trusted (`trust proxy`, DEFAULT_TRUST_PROXY), so addresses a visitor writes into that
    // header are not believed.
    const decision = await limiter.take(rateClientOf(req.ip ?? req.socket.remoteAddress ?? 'unknown'));
    if (decision.allowed) {
      next();
      return;
    }
    const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
    throw new RateLimitedError(`Слишком много попыток бронирования. Попробуйте через ${minutes} мин.`, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
  };
}
