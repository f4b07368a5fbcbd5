import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { withTimeout } from '@studio/platform';

/** Past this health answers without Redis: a scheduler it cannot see counts as missing. */
const LOOKUP_TIMEOUT_MS = 1000;

/** Whether Redis holds the BullMQ job schedulers the workers registered. */
export interface JobSchedulers {
  has(queue: string, schedulerId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Reads the workers' schedulers under `prefix` (BullMQ's default unless given, as the workers use it). */
export function jobSchedulersIn(redisUrl: string, prefix: string | undefined, logger: Pick<Console, 'warn'>): JobSchedulers {
  // Fails a lookup rather than queueing it through an outage: health must answer, and say so.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  connection.on('error', () => undefined);
  const queues = new Map<string, Queue>();
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, ...(prefix ? { prefix } : {}) });
      queue.on('error', () => undefined);
      queues.set(name, queue);
    }
    return queue;
  };
  return {
    async has(queue, schedulerId) {
      try {
        return Boolean(await withTimeout(queueOf(queue).getJobScheduler(schedulerId), LOOKUP_TIMEOUT_MS, 'Redis did not answer'));
      } catch (error) {
        logger.warn(`[query-api] health could not look up the ${queue}/${schedulerId} scheduler: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      connection.disconnect();
    },
  };
}
