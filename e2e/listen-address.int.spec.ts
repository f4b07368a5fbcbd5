// Browsers reach the APIs only through the gateway: unless a host is configured, nothing but this
// machine may connect to command-api or query-api.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommandApi } from '@studio/command-api';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { startQueryApi } from '@studio/query-api';
import { openStack, type Stack } from './kit';

const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

let stack: Stack;
beforeAll(async () => {
  stack = await openStack({ name: 'listen', readModels: true });
});
afterAll(() => stack?.stop());

describe('where the APIs listen', () => {
  it.skipIf(!external)('query-api and command-api answer on loopback only, unless a host is configured', async () => {
    const query = await startQueryApi({ pool: stack.pool, redisUrl: TEST_REDIS_URL, port: 0, allowedOrigins: [] });
    const command = await startCommandApi({ store: stack.store, pool: stack.pool, redisUrl: TEST_REDIS_URL, port: 0, queuePrefix: stack.prefix });
    try {
      for (const port of [query.port, command.port]) {
        expect((await fetch(`http://127.0.0.1:${port}/api/nothing`)).status).toBe(404);
        await expect(fetch(`http://${external}:${port}/api/nothing`)).rejects.toThrow();
      }
    } finally {
      await query.close();
      await command.close();
    }
  });
});
