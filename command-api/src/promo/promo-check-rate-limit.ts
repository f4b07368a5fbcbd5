import type { RequestHandler } from 'express';
import { limitAttempts, type RateLimit, type RateLimiter } from '../http/rate-limit';

/** Enough for a customer retyping a code; too few to guess codes by trying them (issue 19). */
export const DEFAULT_PROMO_CHECK_RATE_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60_000 };

/** Refuses a promo check over the limit with 429, known codes and unknown ones alike. */
export const limitPromoChecks = (limiter: RateLimiter): RequestHandler => limitAttempts(limiter, 'Слишком много попыток ввода промокода.');
