import { BOOKINGS_QUEUE, COMPLETE_BOOKINGS_JOB } from '@studio/domain';
import type { WorkerFeature } from '../job-runtime';
import { COMPLETE_BOOKINGS_EVERY_MS, COMPLETE_BOOKINGS_SCHEDULER_ID, completeFinishedBookings } from './booking-completion';

/** The bookings queue: confirmed bookings become completed once their time is over. */
export const bookingsJobs: WorkerFeature = {
  name: 'bookings',
  queue: BOOKINGS_QUEUE,
  jobs: { [COMPLETE_BOOKINGS_JOB]: async (job, deps) => ({ completed: await completeFinishedBookings(deps, job.id) }) },
  repeat: [{ schedulerId: COMPLETE_BOOKINGS_SCHEDULER_ID, job: COMPLETE_BOOKINGS_JOB, everyMs: COMPLETE_BOOKINGS_EVERY_MS }],
};
