import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@studio/platform/testing';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from './index';
import { createTestPool } from './testing/harness';

let database: TestDatabase;
let pool: ReturnType<typeof createTestPool>;

beforeAll(async () => {
  database = await createTestDatabase('qapi');
  pool = createTestPool(database.url, 3);
  await ensureReadModels(pool);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

describe('startQueryApi', () => {
  it('listens on a random port and close() ends HTTP, sockets and keep-alive connections, leaving the pool usable', async () => {
    const api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix: `lifecycle-${Date.now()}:` });
    const url = `http://127.0.0.1:${api.port}`;
    expect(api.port).toBeGreaterThan(0);
    expect((await fetch(`${url}/api/photographers`)).status).toBe(200);

    const socket = connect(url, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await api.close();
    expect(await disconnected).toBe('io server disconnect');
    await expect(fetch(`${url}/api/photographers`)).rejects.toThrow();
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('fails to start when its port is taken, without leaving anything open', async () => {
    const first = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1' });
    try {
      await expect(startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: first.port, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
