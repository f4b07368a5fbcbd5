import { Queue } from 'bullmq';
import { HOLDS_QUEUE, RELEASE_HOLD_JOB, releaseHoldJobId, type Clock, type ReleaseHoldJob } from '@studio/domain';
import { enqueue } from '../queues/enqueue';

export interface HoldExpiryQueue {
  /** Schedules the release of a hold at `expiresAt`; the workers run it. */
  schedule(job: ReleaseHoldJob, expiresAt: Date, options?: { background?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export function createHoldExpiryQueue(redisUrl: string, clock: Clock, prefix?: string): HoldExpiryQueue {
  // The queue owns its connection rather than sharing command-api's client: BullMQ's close()
  // only silences a still-pending connection attempt on connections it owns. With a shared client
  // a Redis outage at shutdown surfaced as an unhandled ECONNREFUSED rejection.
  const queue = new Queue<ReleaseHoldJob>(HOLDS_QUEUE, { connection: { url: redisUrl }, ...(prefix ? { prefix } : {}) });
  // BullMQ re-emits connection failures on the queue; an 'error' event nobody listens to throws.
  // The hold path answers an outage itself (scheduling fails at once, the hold is given back).
  queue.on('error', (error: Error) => console.error(`[command-api] hold-expiry queue: ${error.message}`));
  return {
    async schedule(job, expiresAt, options) {
      // A hold whose release cannot be scheduled is given back by the caller (workflows/hold.ts).
      const add = () => queue.add(RELEASE_HOLD_JOB, job, {
        jobId: releaseHoldJobId(job.holdId),
        // BullMQ waits out a delay in wall time: measured on the clock that decided the expiry, the
        // job fires when that clock reaches it, whatever day a test's clock says it is.
        delay: Math.max(0, expiresAt.getTime() - clock.now().getTime()),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
      await enqueue(queue, add, `Scheduling the release of hold ${job.holdId}`, options);
    },
    close: () => queue.close(),
  };
}
