import type { RequestHandler } from 'express';
import { requestClientOf, takeOrRefuse, type RateLimit, type RateLimiter } from '../http/rate-limit';

/** A hold blocks its cells for 15 minutes: this keeps one address from locking a whole studio. */
export const DEFAULT_HOLD_RATE_LIMIT: RateLimit = { max: 20, windowMs: 10 * 60_000 };

/** Refuses a hold attempt over the limit with 429 before anything is decided or appended. */
export function limitHolds(limiter: RateLimiter): RequestHandler {
  return async (req, _res, next) => {
    await takeOrRefuse(limiter, requestClientOf(req), 'Слишком много попыток бронирования.');
    next();
  };
}
