import { z } from 'zod';
import { studioSchema, isoDateSchema, idSchema } from '@studio/domain';

/** The contract between command-api (producer) and the holds worker (consumer). */
export const HOLDS_QUEUE = 'holds';
export const RELEASE_HOLD_JOB = 'release-hold';

export const releaseHoldJobSchema = z.object({
  studio: studioSchema,
  date: isoDateSchema,
  holdId: idSchema,
  /** The request that placed the hold, so its release is traceable to it. */
  correlationId: z.string().optional(),
});
export type ReleaseHoldJob = z.infer<typeof releaseHoldJobSchema>;

/** One job per hold: enqueuing twice for the same hold is a no-op in BullMQ. */
export const releaseHoldJobId = (holdId: string) => `release-hold-${holdId}`;
