import { HOLDS_QUEUE, RELEASE_HOLD_JOB, SWEEP_EXPIRED_HOLDS_JOB } from '@studio/domain';
import type { WorkerFeature } from '../job-runtime';
import { scheduleExpiredHoldsSweep, sweepExpiredHolds } from './expired-holds-sweep';
import { releaseExpiredHold } from './release-expired-hold';

/** The holds queue: one release per hold at its expiry, and the periodic sweep for holds whose job was lost. */
export const holdsJobs: WorkerFeature = {
  queue: HOLDS_QUEUE,
  jobs: {
    [RELEASE_HOLD_JOB]: (job, deps) => releaseExpiredHold(deps, job),
    [SWEEP_EXPIRED_HOLDS_JOB]: async (job, deps) => ({ released: await sweepExpiredHolds(deps, job.id) }),
  },
  schedule: scheduleExpiredHoldsSweep,
  concurrency: 8,
};
