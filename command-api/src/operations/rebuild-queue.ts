import { Queue } from 'bullmq';
import { PROJECTIONS_QUEUE, REBUILD_PROJECTION_JOB, rebuildProjectionJobId, type RebuildProjectionJob } from '@studio/domain';
import { enqueue } from '../queues/enqueue';

export interface RebuildQueue {
  /** Hands an operator's rebuild to the projections process. */
  enqueue(job: RebuildProjectionJob): Promise<void>;
  close(): Promise<void>;
}

export function createRebuildQueue(redisUrl: string, prefix?: string): RebuildQueue {
  // Its own connection, like the hold-expiry queue's: BullMQ's close() then also silences a pending connection attempt.
  const queue = new Queue<RebuildProjectionJob>(PROJECTIONS_QUEUE, { connection: { url: redisUrl }, ...(prefix ? { prefix } : {}) });
  queue.on('error', (error: Error) => console.error(`[command-api] projections queue: ${error.message}`));
  return {
    async enqueue(job) {
      // One attempt: a rebuild that failed is recorded as failed, and the operator decides whether to start another.
      const add = () => queue.add(REBUILD_PROJECTION_JOB, job, { jobId: rebuildProjectionJobId(job.rebuildId), attempts: 1, removeOnComplete: 100, removeOnFail: 100 });
      await enqueue(queue, add, `Queueing rebuild ${job.rebuildId}`);
    },
    close: () => queue.close(),
  };
}
