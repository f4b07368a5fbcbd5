import { SWEEP_WAITLIST_JOB, WAITLIST_QUEUE } from '@studio/domain';
import type { WorkerFeature } from '../job-runtime';
import { sweepWaitlist, WAITLIST_SWEEP_EVERY_MS, WAITLIST_SWEEP_SCHEDULER_ID } from './waitlist-sweep';

/** The waitlist queue: its one repeating sweep (docs/waitlist.md). */
export const waitlistJobs: WorkerFeature = {
  name: 'waitlist',
  queue: WAITLIST_QUEUE,
  jobs: { [SWEEP_WAITLIST_JOB]: (job, deps) => sweepWaitlist(deps, job.id) },
  repeat: [{ schedulerId: WAITLIST_SWEEP_SCHEDULER_ID, job: SWEEP_WAITLIST_JOB, everyMs: WAITLIST_SWEEP_EVERY_MS }],
};
