import { Redis } from 'ioredis';
import type { Clock } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import { startReleaseHoldWorker } from './holds/release-hold-worker';

export * from './holds/release-hold-job';
export { releaseExpiredHold } from './holds/release-hold-worker';

export interface WorkersOptions {
  store: EventStore;
  redisUrl: string;
  /** For jobs that decide against time; releasing an expired hold needs none (the job fires at expiry). */
  clock?: Clock;
  /** BullMQ key prefix; tests give each run its own. */
  queuePrefix?: string;
}

export async function startWorkers(options: WorkersOptions): Promise<{ stop(): Promise<void> }> {
  // BullMQ workers block on their connection; a per-request retry limit would break them.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (error: Error) => console.error(`[workers] redis: ${error.message}`));
  const holds = startReleaseHoldWorker({
    store: options.store,
    connection,
    ...(options.queuePrefix ? { prefix: options.queuePrefix } : {}),
  });
  await holds.waitUntilReady();
  return {
    async stop() {
      await holds.close();
      await connection.quit();
    },
  };
}
