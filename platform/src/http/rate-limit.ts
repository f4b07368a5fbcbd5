import type { Request, RequestHandler } from 'express';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { clientOfAddress } from './client-address';
import { RateLimitedError } from './errors';
import { withTimeout } from './timeout';

/** At most `max` attempts per client in each fixed window of `windowMs` (whole seconds). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * The oldest Redis the counters run on. RateLimiterRedis sends one Lua script (EVALSHA, falling
 * back to EVAL) made of SET … EX … NX, INCRBY, PTTL and a two-argument EXPIRE; SET's EX/NX options
 * arrived in 2.6.12. Nothing of Redis 7 (such as PEXPIRE … NX) is used.
 */
export const MIN_REDIS_VERSION = '2.6.12';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one attempt of `client` and says whether it is still within the limit. */
  take(client: string): Promise<RateDecision>;
}

/** A counter slower than this is treated as unavailable and the in-memory count takes over. */
const COUNTER_TIMEOUT_MS = 1000;
/** How long start-up waits for Redis to accept the connection and answer. */
const STARTUP_TIMEOUT_MS = 10_000;

/**
 * A fixed-window counter per client in Redis (rate-limiter-flexible), so parallel API instances
 * share one count. While Redis cannot count, each process counts in its own memory instead: a
 * client then gets up to `max` attempts per process, which still stops a flood, where refusing
 * everyone would turn a Redis outage into a booking (or login) outage and letting everyone
 * through would leave the door open to it. `counted` names the attempts in the outage warnings.
 */
export function createRateLimiter(redis: Redis, limit: RateLimit, keyPrefix: string, counted: string): RateLimiter {
  const duration = limit.windowMs / 1000;
  // The Redis store keeps its keys for whole seconds: a shorter window would never expire.
  if (!Number.isInteger(duration) || duration < 1) throw new Error(`the rate window of ${counted} must be a whole number of seconds, not ${limit.windowMs} ms`);

  let lastError: string | undefined;
  redis.on('error', (error: Error) => (lastError = error.message));
  redis.on('ready', () => (lastError = undefined));

  let inOutage = false;
  let fallbacks = 0;
  class InsuranceLimiter extends RateLimiterMemory {
    override consume(...args: Parameters<RateLimiterMemory['consume']>): Promise<RateLimiterRes> {
      fallbacks += 1;
      if (!inOutage) {
        inOutage = true;
        const cause = lastError ?? (redis.status === 'ready' ? 'no answer in time' : `connection ${redis.status}`);
        console.warn(`[rate-limit] rate limit of ${counted}: Redis cannot count (${cause}); each process counts ${counted} in its own memory until it can`);
      }
      return super.consume(...args);
    }
  }
  const counter = new RateLimiterRedis({
    storeClient: redis,
    points: limit.max,
    duration,
    keyPrefix,
    // A client that is not connected goes straight to the insurance instead of queueing the command.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new InsuranceLimiter({ points: limit.max, duration, keyPrefix }),
  });

  return {
    async take(client) {
      const fallbacksBefore = fallbacks;
      let decision: RateDecision;
      try {
        await counter.consume(client);
        decision = { allowed: true };
      } catch (rejection) {
        // With an insurance limiter only "over the limit" rejects; anything else is a defect.
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        decision = { allowed: false, retryAfterMs: rejection.msBeforeNext };
      }
      if (inOutage && fallbacks === fallbacksBefore) {
        inOutage = false;
        console.info(`[rate-limit] rate limit of ${counted}: Redis counts again`);
      }
      return decision;
    },
  };
}

/**
 * The rate counters' own Redis connection, once that Redis has answered and is recent enough. It
 * has no offline queue and a command timeout, so during an outage a request goes to the in-memory
 * count at once instead of waiting for a reconnect; and it does not resend commands cut off by a
 * lost connection, since the in-memory count has already counted them.
 */
export async function connectRateLimitRedis(redisUrl: string): Promise<Redis> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    commandTimeout: COUNTER_TIMEOUT_MS,
  });
  let connectError: Error | undefined;
  const noteError = (error: Error) => (connectError = error);
  redis.on('error', noteError);
  try {
    try {
      await withTimeout(redis.connect(), STARTUP_TIMEOUT_MS, `no answer in ${STARTUP_TIMEOUT_MS / 1000} s`);
    } catch (error) {
      const cause = connectError ?? error;
      throw new Error(`Redis at REDIS_URL does not answer (${cause instanceof Error ? cause.message : String(cause)}); the rate limiters need it to start`);
    }
    requireRedisVersion(await redis.info('server'));
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  redis.off('error', noteError);
  // Outages are reported by each limiter; an 'error' without a listener would end the process.
  redis.on('error', () => undefined);
  return redis;
}

/** Refuses a Redis older than MIN_REDIS_VERSION, given the text of its `INFO server`. */
export function requireRedisVersion(infoServer: string): void {
  const found = /^redis_version:(\d+)\.(\d+)\.(\d+)/m.exec(infoServer);
  if (!found) throw new Error(`Redis at REDIS_URL does not report redis_version in INFO server; the rate limiters need Redis ${MIN_REDIS_VERSION} or newer`);
  const version = found.slice(1).map(Number);
  const needed = MIN_REDIS_VERSION.split('.').map(Number);
  const order = version.map((part, i) => part - needed[i]!).find((difference) => difference !== 0) ?? 0;
  if (order < 0) {
    throw new Error(`Redis at REDIS_URL is ${version.join('.')}; the rate limiters need Redis ${MIN_REDIS_VERSION} or newer (SET … EX … NX in a Lua script)`);
  }
}

/**
 * The client a request counts as. The gateway writes the visitor's address as X-Forwarded-For (its
 * socket's, or what a trusted outer proxy names, never what the visitor sent) and only gateway
 * hops are trusted (`trust proxy`, GATEWAY_HOPS).
 */
export const requestClientOf = (req: Request): string => clientOfAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** Counts an attempt of `client`; over the limit, the 429 saying `refusal` and when to try again. */
export async function takeOrRefuse(limiter: RateLimiter, client: string, refusal: string): Promise<void> {
  const decision = await limiter.take(client);
  if (decision.allowed) return;
  const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
  throw new RateLimitedError(`${refusal} Попробуйте через ${minutes} мин.`, Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
}

/** Middleware counting every request of its route against `limiter`, refused or not, and answering 429 `refusal` over it before anything else runs. */
export function limitAttempts(limiter: RateLimiter, refusal: string): RequestHandler {
  return async (req, _res, next) => {
    await takeOrRefuse(limiter, requestClientOf(req), refusal);
    next();
  };
}
