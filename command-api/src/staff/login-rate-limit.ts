import { DEFAULT_LOGIN_RATE_LIMITS } from '../accounts/login-rate-limit';
import type { RateLimit, RateLimiter } from '@studio/platform';

/** Staff login attempts per client IP, per login and address (tight), and per login (the ceiling), on counters of their own. */
export type StaffLoginRateLimits = Record<'perIp' | 'perLoginAndIp' | 'perLogin', RateLimit>;

/** The customers' numbers: a login is guessed at like a phone. */
export const DEFAULT_STAFF_LOGIN_RATE_LIMITS: StaffLoginRateLimits = {
  perIp: DEFAULT_LOGIN_RATE_LIMITS.perIp,
  perLoginAndIp: DEFAULT_LOGIN_RATE_LIMITS.perPhoneAndIp,
  perLogin: DEFAULT_LOGIN_RATE_LIMITS.perPhone,
};

export type StaffLoginLimiters = Record<keyof StaffLoginRateLimits, RateLimiter>;
