import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EventStore } from '@studio/platform';
import { HOLDS_QUEUE, RELEASE_HOLD_JOB, SWEEP_EXPIRED_HOLDS_JOB } from '@studio/domain';
import { sweepExpiredHolds, type ExpiredHoldsSweepDeps } from './expired-holds-sweep';
import { releaseExpiredHold } from './release-expired-hold';

export interface HoldsWorkerDeps {
  store: EventStore;
  connection: Redis;
  prefix?: string;
  /** Without the read model the worker cannot sweep; a sweep job it takes then fails (and is logged). */
  sweep?: ExpiredHoldsSweepDeps;
}

/** Runs the holds queue: one release-hold job per hold, and the periodic sweep for holds whose job was lost. */
export function startHoldsWorker(deps: HoldsWorkerDeps): Worker {
  const worker = new Worker(
    HOLDS_QUEUE,
    async (job) => {
      switch (job.name) {
        case RELEASE_HOLD_JOB:
          await releaseExpiredHold(deps, job);
          return;
        case SWEEP_EXPIRED_HOLDS_JOB:
          if (!deps.sweep) throw new Error('This worker was started without the read-model pool and cannot sweep expired holds');
          return { released: await sweepExpiredHolds(deps.sweep, job.id) };
        default:
          throw new Error(`Unknown job ${job.name} on queue ${HOLDS_QUEUE}`);
      }
    },
    { connection: deps.connection, concurrency: 8, ...(deps.prefix ? { prefix: deps.prefix } : {}) },
  );
  // Unlistened 'error' events from BullMQ end up as unhandled rejections; the worker reconnects by itself.
  worker.on('error', (error: Error) => console.error(`[workers] ${HOLDS_QUEUE} worker: ${error.message}`));
  worker.on('failed', (job, error) => console.error(`[workers] ${HOLDS_QUEUE}/${job?.name} ${job?.id} failed`, error));
  return worker;
}
