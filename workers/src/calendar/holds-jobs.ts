import { HOLDS_QUEUE, RELEASE_HOLD_JOB, SWEEP_EXPIRED_HOLDS_JOB } from '@studio/domain';
import type { WorkerFeature } from '../job-runtime';
import { cancelCutOffCheckouts } from '../bookings/cut-off-checkouts';
import { sweepExpiredHolds, SWEEP_EVERY_MS, SWEEP_GRACE_MS, SWEEP_SCHEDULER_ID } from './expired-holds-sweep';
import { releaseExpiredHold } from './release-expired-hold';

/**
 * The holds queue: one release per hold at its expiry, and the periodic sweep for holds whose job
 * was lost, which also closes the checkouts cut off before their payment once their holds are past.
 */
export const holdsJobs: WorkerFeature = {
  name: 'calendar',
  queue: HOLDS_QUEUE,
  jobs: {
    // BullMQ stores a job's return value as JSON: answer what happened, not the command result.
    [RELEASE_HOLD_JOB]: async (job, deps) => ({ released: ((await releaseExpiredHold(deps, job))?.events.length ?? 0) > 0 }),
    [SWEEP_EXPIRED_HOLDS_JOB]: async (job, deps) => ({
      released: await sweepExpiredHolds(deps, job.id),
      canceled: await cancelCutOffCheckouts(deps, SWEEP_GRACE_MS, job.id),
    }),
  },
  repeat: [{ schedulerId: SWEEP_SCHEDULER_ID, job: SWEEP_EXPIRED_HOLDS_JOB, everyMs: SWEEP_EVERY_MS }],
  concurrency: 8,
};
