// Shared set-up of the projections' integration tests: a fresh database with a real event store.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';
import { Redis } from 'ioredis';
import { createKysely, createPool, createPostgresEventStore, type EventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@studio/platform/testing';
import type { AnyProjection } from './runtime/definition';
import { startProjections, type RunningProjections } from './start';

export interface Fixture {
  database: TestDatabase;
  pool: pg.Pool;
  store: EventStore;
  close(): Promise<void>;
}

export async function openFixture(): Promise<Fixture> {
  const database = await createTestDatabase('proj');
  const pool = createPool(database.url, 20);
  const store = await createPostgresEventStore({ pool, pollIntervalMs: 200 });
  return {
    database,
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

export interface RunningFixture extends Fixture {
  redis: Redis;
  projections: RunningProjections;
}

/**
 * A fixture with the projections already running on it; the change channel gets a prefix of its
 * own unless the test listens on a known one.
 */
export async function openRunningFixture(options: { projections?: readonly AnyProjection[]; channelPrefix?: string } = {}): Promise<RunningFixture> {
  const fixture = await openFixture();
  const redis = new Redis(TEST_REDIS_URL);
  const projections = await startProjections({
    store: fixture.store,
    pool: fixture.pool,
    redis,
    channelPrefix: options.channelPrefix ?? `test:${randomUUID()}:`,
    projections: options.projections,
  });
  return {
    ...fixture,
    redis,
    projections,
    async close() {
      await projections.stop();
      redis.disconnect();
      await fixture.close();
    },
  };
}

export const event = (type: string, data: unknown) => ({ id: randomUUID(), type, data });

export async function checkpointOf(pool: pg.Pool, projection: string): Promise<{ version: number; position: string | null } | undefined> {
  const { rows } = await sql<{ version: number; position: string | null }>`
    SELECT c.version, c.position FROM projection_checkpoints c
    JOIN projection_live l ON l.projection = c.projection AND l.version = c.version
    WHERE c.projection = ${projection}`.execute(createKysely(pool));
  return rows[0];
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Resolves once the live checkpoint of `projection` has reached `position`. */
export const caughtUp = (pool: pg.Pool, projection: string, position: string) =>
  waitFor(async () => {
    const checkpoint = await checkpointOf(pool, projection);
    return checkpoint?.position != null && checkpoint.position >= position;
  });
