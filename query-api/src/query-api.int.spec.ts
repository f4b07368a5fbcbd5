import { io as connect } from 'socket.io-client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { openStack, type Stack } from '@studio/e2e/kit';
import { startQueryApi } from './index';

let stack: Stack;
let pool: pg.Pool;
const allowedOrigins = ['http://localhost:3000'];

beforeAll(async () => {
  stack = await openStack({ name: 'qapi', readModels: true });
  pool = stack.pool;
});

afterAll(() => stack?.stop());

describe('startQueryApi', () => {
  it('listens on a random port and close() ends HTTP, sockets and keep-alive connections, leaving the pool usable', async () => {
    const api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, channelPrefix: `lifecycle-${randomUUID()}:`, allowedOrigins });
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
    const first = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, allowedOrigins });
    try {
      await expect(startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: first.port, allowedOrigins })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
