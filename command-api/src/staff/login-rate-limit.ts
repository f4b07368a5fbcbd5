import { DEFAULT_LOGIN_RATE_LIMITS } from '../accounts/login-rate-limit';
import type { RateLimit, RateLimiter } from '@studio/platform';

/** Staff login attempts per client IP and per login, each in its own window, on counters of their own. */
export type StaffLoginRateLimits = Record<'perIp' | 'perLogin', RateLimit>;

/** The customers' numbers: a login is guessed at like a phone. */
export const DEFAULT_STAFF_LOGIN_RATE_LIMITS: StaffLoginRateLimits = { perIp: DEFAULT_LOGIN_RATE_LIMITS.perIp, perLogin: DEFAULT_LOGIN_RATE_LIMITS.perPhone };

export type StaffLoginLimiters = Record<keyof StaffLoginRateLimits, RateLimiter>;
