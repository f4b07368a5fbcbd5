import { z } from 'zod';
import { idSchema, isoDateSchema, studioSchema } from '../primitives';

/** The holds queue: command-api schedules a release per hold, the workers run it and a periodic sweep. */
export const HOLDS_QUEUE = 'holds';
export const RELEASE_HOLD_JOB = 'release-hold';
export const SWEEP_EXPIRED_HOLDS_JOB = 'sweep-expired-holds';

export const releaseHoldJobSchema = z.object({
  studio: studioSchema,
  date: isoDateSchema,
  holdId: idSchema,
  /** The request that placed the hold, so its release is traceable to it. */
  correlationId: z.string().max(100).optional(),
});
export type ReleaseHoldJob = z.infer<typeof releaseHoldJobSchema>;

/** One job per hold: enqueuing twice for the same hold is a no-op in BullMQ. */
export const releaseHoldJobId = (holdId: string) => `release-hold-${holdId}`;

/** The payments queue: the periodic sync that re-fetches every payment the provider has not settled yet. */
export const PAYMENTS_QUEUE = 'payments';
export const SYNC_PAYMENTS_JOB = 'sync-payments';
/** The bookings queue: confirmed bookings whose time is over become completed. */
export const BOOKINGS_QUEUE = 'bookings';
export const COMPLETE_BOOKINGS_JOB = 'complete-bookings';
