import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createPool } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL } from '@studio/platform/testing';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from '../index';

export interface CapturedLog {
  level: 'warn' | 'error';
  message: string;
  error?: unknown;
}

export interface TestQueryApi {
  baseUrl: string;
  pool: pg.Pool;
  /** Redis channel prefix unique to this test file. */
  channelPrefix: string;
  logs: CapturedLog[];
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * A pool for a test database. Dropping the database WITH (FORCE) at the end can still hit a
 * client pg is closing; without a listener that 'error' would crash the test worker.
 */
export function createTestPool(url: string, max = 5): pg.Pool {
  const pool = createPool(url, max);
  pool.on('error', () => undefined);
  return pool;
}

/** A fresh database with the read models, and query-api on a random port over it. */
export async function startTestQueryApi(): Promise<TestQueryApi> {
  const database = await createTestDatabase('qapi');
  const pool = createTestPool(database.url);
  await ensureReadModels(pool);
  const channelPrefix = `test-${randomBytes(4).toString('hex')}:`;
  const logs: CapturedLog[] = [];
  const logger = {
    warn: (message: string) => logs.push({ level: 'warn', message }),
    error: (message: string, error?: unknown) => logs.push({ level: 'error', message, error }),
  };
  const api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix, logger });
  const baseUrl = `http://127.0.0.1:${api.port}`;
  return {
    baseUrl,
    pool,
    channelPrefix,
    logs,
    async get(path, headers = {}) {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
    async close() {
      await api.close();
      await pool.end();
      await database.drop();
    },
  };
}
