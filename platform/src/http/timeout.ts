import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Rejects with `message` when `work` takes longer than `ms`. ioredis queues commands while it
 * reconnects, so without a bound a Redis outage would stall the request that waits on it.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  const timer = new AbortController();
  try {
    return await Promise.race([
      work,
      sleep(ms, undefined, { signal: timer.signal }).then(() => {
        throw new Error(message);
      }),
    ]);
  } finally {
    timer.abort();
  }
}
