import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import { createApp, type RouterGuards } from './http/app';
import { createHoldExpiryQueue } from './holds/hold-expiry-queue';

export { createApp, type CommandApiDeps, type RouterGuards } from './http/app';
export { toHttpError } from './http/errors';

/** A checkout's hold lives this long unless a payment confirms it. */
export const HOLD_MINUTES = 15;

export interface CommandApiOptions {
  store: EventStore;
  redisUrl: string;
  port: number;
  host?: string;
  clock?: Clock;
  /** BullMQ key prefix; tests give each run its own. */
  queuePrefix?: string;
  holdMinutes?: number;
  guards?: RouterGuards;
}

export async function startCommandApi(options: CommandApiOptions): Promise<{ port: number; close(): Promise<void> }> {
  // Only a producer here: keep ioredis' per-request retry limit so a Redis outage fails a hold
  // (which is then given back) instead of hanging it; BullMQ's null limit is for blocking workers.
  const redis = new Redis(options.redisUrl);
  redis.on('error', (error: Error) => console.error(`[command-api] redis: ${error.message}`));
  const holdExpiry = createHoldExpiryQueue(redis, options.queuePrefix);
  const app = createApp({
    store: options.store,
    clock: options.clock ?? systemClock,
    holdExpiry,
    holdMinutes: options.holdMinutes ?? HOLD_MINUTES,
    ...(options.guards ? { guards: options.guards } : {}),
  });
  const server = createServer(app);
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async close() {
      const closed = new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      server.closeAllConnections();
      await closed;
      await holdExpiry.close();
      redis.disconnect();
    },
  };
}
