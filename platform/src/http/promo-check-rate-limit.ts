import type { RequestHandler } from 'express';
import { limitAttempts, type RateLimit, type RateLimiter } from './rate-limit';

/** Enough for a customer retyping a code; too few to guess codes by trying them (issue 19). */
export const DEFAULT_PROMO_CHECK_RATE_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60_000 };

/**
 * The Redis key, under the services' shared prefix, of the promo-check counter: the booking page's
 * check (query-api) and the OK button's (command-api) count on one counter, so a client gets one
 * allowance whichever it calls.
 */
export const PROMO_CHECK_RATE_KEY = 'promo-check-rate';

/** Refuses a promo check over the limit with 429, known codes and unknown ones alike. */
export const limitPromoChecks = (limiter: RateLimiter): RequestHandler => limitAttempts(limiter, 'Слишком много попыток ввода промокода.');
