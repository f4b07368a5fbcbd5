import { z } from 'zod';
import { idSchema, isoDateSchema, studioSchema } from '../primitives';
import { storedProjectionNameSchema } from './projections';

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

/** The projections queue: command-api asks for an operator's rebuild, the projections process runs it. */
export const PROJECTIONS_QUEUE = 'projections';
export const REBUILD_PROJECTION_JOB = 'rebuild-projection';
export const rebuildProjectionJobSchema = z.object({
  rebuildId: idSchema,
  projection: storedProjectionNameSchema,
  /** The request that asked for it, so its outcome is traceable to it. */
  correlationId: z.string().max(100).optional(),
});
export type RebuildProjectionJob = z.infer<typeof rebuildProjectionJobSchema>;
/** One job per request: enqueuing a request twice is a no-op in BullMQ. */
export const rebuildProjectionJobId = (rebuildId: string) => `rebuild-projection-${rebuildId}`;

/** The waitlist queue: its periodic sweep passes expired offers on, offers free ranges and ends past lines (docs/waitlist.md). */
export const WAITLIST_QUEUE = 'waitlist';
export const SWEEP_WAITLIST_JOB = 'sweep-waitlist';
