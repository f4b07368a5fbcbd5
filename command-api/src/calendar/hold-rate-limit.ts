import type { RequestHandler } from 'express';
import { limitAttempts, type RateLimit, type RateLimiter } from '@studio/platform';

/** A hold blocks its cells for 15 minutes: this keeps one address from locking a whole studio. */
export const DEFAULT_HOLD_RATE_LIMIT: RateLimit = { max: 20, windowMs: 10 * 60_000 };

/** Refuses a hold or checkout attempt over the limit with 429 before anything is decided or appended. */
export const limitHolds = (limiter: RateLimiter): RequestHandler => limitAttempts(limiter, 'Слишком много попыток бронирования.');
