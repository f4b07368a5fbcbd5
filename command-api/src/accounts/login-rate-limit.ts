import type { RateLimit, RateLimiter } from '@studio/platform';

/**
 * Login attempts per window: per client IP (registrations count too); per phone and address, the
 * tight limit on guessing; and per phone from every address, a looser ceiling. Were the tight limit
 * per phone alone, a stranger's five wrong guesses would lock its owner out.
 */
export interface LoginRateLimits {
  perIp: RateLimit;
  perPhoneAndIp: RateLimit;
  perPhone: RateLimit;
}

/** Enough for a household behind one address; five guesses at one account per address per quarter hour, fifty from everywhere. */
export const DEFAULT_LOGIN_RATE_LIMITS: LoginRateLimits = {
  perIp: { max: 20, windowMs: 15 * 60_000 },
  perPhoneAndIp: { max: 5, windowMs: 15 * 60_000 },
  perPhone: { max: 50, windowMs: 15 * 60_000 },
};

export type LoginLimiters = Record<keyof LoginRateLimits, RateLimiter>;

export const LOGIN_REFUSAL = 'Слишком много попыток входа.';

/** The count of attempts at one account (a phone, a staff login) from one client address. */
export const accountFromClient = (account: string, client: string) => `${account}|${client}`;
