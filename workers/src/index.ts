import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { HOLDS_QUEUE, systemClock, type Clock } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import { scheduleExpiredHoldsSweep } from './holds/expired-holds-sweep';
import { startHoldsWorker } from './holds/holds-worker';

export { releaseExpiredHold } from './holds/release-expired-hold';
export { sweepExpiredHolds, SWEEP_SCHEDULER_ID, SWEEP_EVERY_MS } from './holds/expired-holds-sweep';

export interface WorkersOptions {
  store: EventStore;
  redisUrl: string;
  /** The read-model database; without it no expired-holds sweep is scheduled or run here. */
  pool?: pg.Pool;
  /** "Now" for the sweep's expiry cutoff (release jobs need none: they fire at expiry). */
  clock?: Clock;
  /** BullMQ key prefix; tests give each run its own. */
  queuePrefix?: string;
}

export async function startWorkers(options: WorkersOptions): Promise<{ stop(): Promise<void> }> {
  // BullMQ workers block on their connection; a per-request retry limit would break them.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (error: Error) => console.error(`[workers] redis: ${error.message}`));
  const prefix = options.queuePrefix ? { prefix: options.queuePrefix } : {};
  const sweep = options.pool ? { store: options.store, pool: options.pool, clock: options.clock ?? systemClock } : undefined;
  const holds = startHoldsWorker({ store: options.store, connection, ...prefix, ...(sweep ? { sweep } : {}) });
  await holds.waitUntilReady();
  const scheduler = sweep ? new Queue(HOLDS_QUEUE, { connection, ...prefix }) : undefined;
  if (scheduler) {
    scheduler.on('error', (error: Error) => console.error(`[workers] ${HOLDS_QUEUE} scheduler: ${error.message}`));
    await scheduleExpiredHoldsSweep(scheduler);
    // A Redis restart loses the scheduler along with the delayed jobs: register it again on reconnect.
    connection.on('ready', () => {
      scheduleExpiredHoldsSweep(scheduler).catch((error: unknown) => console.error('[workers] could not schedule the expired-holds sweep', error));
    });
  }
  return {
    async stop() {
      await holds.close();
      await scheduler?.close();
      await connection.quit();
    },
  };
}
