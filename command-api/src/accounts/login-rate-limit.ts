import type { RateLimit, RateLimiter } from '@studio/platform';

/** Login attempts per client IP (registrations count too) and per phone, each in its own window. */
export interface LoginRateLimits {
  perIp: RateLimit;
  perPhone: RateLimit;
}

/** Enough for a household behind one address; five guesses at one account per quarter hour. */
export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perIp: { max: 20, windowMs: 15 * 60_000 },
  perPhone: { max: 5, windowMs: 15 * 60_000 },
};

export type LoginLimiters = Record<keyof LoginRateLimits, RateLimiter>;

export const LOGIN_REFUSAL = 'Слишком много попыток входа.';
