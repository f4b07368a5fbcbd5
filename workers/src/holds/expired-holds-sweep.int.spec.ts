import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommandApi } from '@studio/command-api';
import { studioDayAggregate, studioDayStream, type Clock } from '@studio/domain';
import { createCommandHandler, createEventStore, createPool, type EventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@studio/platform/testing';
import { startProjections, type RunningProjections } from '@studio/projections';
import { HOLDS_QUEUE, releaseHoldJobId, startWorkers, SWEEP_EVERY_MS, SWEEP_EXPIRED_HOLDS_JOB, SWEEP_SCHEDULER_ID, sweepExpiredHolds } from '../index';

// Every service shares one clock that the tests move forward; BullMQ still fires by wall time,
// which is why each hold's delayed job is deleted (a lost job) before its expiry is simulated.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const MINUTE = 60_000;

let db: TestDatabase;
let store: EventStore;
let pool: pg.Pool;
let redis: Redis;
let projections: RunningProjections;
let api: { port: number; close(): Promise<void> };
let queue: Queue;
const queuePrefix = `test-sweep-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  db = await createTestDatabase('workers');
  store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
  pool = createPool(db.url);
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  projections = await startProjections({ store, pool, redis, channelPrefix: `${queuePrefix}:` });
  api = await startCommandApi({ store, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', queuePrefix, clock });
  queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: queuePrefix });
});

afterAll(async () => {
  await api?.close();
  await projections?.stop();
  await queue?.obliterate({ force: true });
  await queue?.close();
  const keys = await redis.keys(`${queuePrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis?.disconnect();
  await store?.close();
  await pool?.end();
  await db?.drop();
});

let dayOffset = 0;
/** A day far enough ahead that the two-hour notice rule never matters, unique per call. */
function futureDate(): string {
  dayOffset += 1;
  return new Date(Date.now() + (40 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
}

/** Places a hold through the command API, then deletes its delayed release job as a Redis loss would. */
async function holdWithLostJob(date: string, cells: string[]): Promise<{ holdId: string; bookingId: string }> {
  const res = await fetch(`http://127.0.0.1:${api.port}/api/holds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ studio: 'pochta', date, cells }),
  });
  const body = (await res.json()) as { holdId: string; bookingId: string };
  expect(res.status).toBe(201);
  const job = await queue.getJob(releaseHoldJobId(body.holdId));
  expect(await job?.getState()).toBe('delayed');
  await job!.remove();
  expect(await queue.getJob(releaseHoldJobId(body.holdId))).toBeUndefined();
  return body;
}

/** Waits until the calendar read model shows `date` as `expected` (cell → state:hold). */
async function untilCalendar(date: string, expected: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 15_000;
  let seen: Record<string, string> = {};
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ cell: string; state: string; hold_id: string | null }>(
      `SELECT cell, state, hold_id FROM calendar_cells WHERE studio = 'pochta' AND date = $1 ORDER BY cell`,
      [date],
    );
    seen = Object.fromEntries(rows.map((r) => [r.cell, `${r.state}:${r.hold_id}`]));
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(seen).toEqual(expected);
}

const releasesOf = async (date: string) =>
  (await store.readStream(studioDayStream('pochta', date))).filter((e) => e.type === 'HoldReleased');

describe('expired-holds sweep', () => {
  it('releases a hold whose delayed job was lost, once; leaves confirmed, unexpired and in-grace holds alone', async () => {
    const date = futureDate();
    const t0 = offsetMs;
    const lost = await holdWithLostJob(date, ['12:00', '12:30']);
    const confirmed = await holdWithLostJob(date, ['14:00']);
    await createCommandHandler(store).handle(studioDayAggregate, {
      type: 'ConfirmHold',
      data: { studio: 'pochta', date, holdId: confirmed.holdId, bookingId: confirmed.bookingId },
    });
    // Placed 1 min 50 s later, it expires 16 min 50 s after t0: at 17 min it is 10 s into the grace.
    offsetMs = t0 + MINUTE + 50_000;
    const inGrace = await holdWithLostJob(date, ['16:00']);
    offsetMs = t0 + 17 * MINUTE;
    const fresh = await holdWithLostJob(date, ['18:00']);
    await untilCalendar(date, {
      '12:00': `held:${lost.holdId}`,
      '12:30': `held:${lost.holdId}`,
      '14:00': `booked:${confirmed.holdId}`,
      '16:00': `held:${inGrace.holdId}`,
      '18:00': `held:${fresh.holdId}`,
    });

    expect(await sweepExpiredHolds({ store, pool, clock })).toBe(1);
    const released = await releasesOf(date);
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({
      data: { holdId: lost.holdId, reason: 'expired', cells: ['12:00', '12:30'] },
      metadata: { actor: 'system:hold-expiry' },
    });

    // At once (the calendar may still show the hold) and after the calendar caught up: nothing more.
    expect(await sweepExpiredHolds({ store, pool, clock })).toBe(0);
    await untilCalendar(date, { '14:00': `booked:${confirmed.holdId}`, '16:00': `held:${inGrace.holdId}`, '18:00': `held:${fresh.holdId}` });
    expect(await sweepExpiredHolds({ store, pool, clock })).toBe(0);
    expect(await releasesOf(date)).toHaveLength(1);

    // One second past the grace, the second hold goes too; the confirmed and the fresh one stay.
    offsetMs = t0 + 17 * MINUTE + 21_000;
    expect(await sweepExpiredHolds({ store, pool, clock })).toBe(1);
    expect((await releasesOf(date)).map((e) => (e.data as { holdId: string }).holdId)).toEqual([lost.holdId, inGrace.holdId]);
    await untilCalendar(date, { '14:00': `booked:${confirmed.holdId}`, '18:00': `held:${fresh.holdId}` });
  });

  it('every worker process registers the same one-minute scheduler, and the worker runs a sweep job', async () => {
    const date = futureDate();
    const lost = await holdWithLostJob(date, ['20:00']);
    await untilCalendar(date, { '20:00': `held:${lost.holdId}` });
    const first = await startWorkers({ store, redisUrl: TEST_REDIS_URL, pool, clock, queuePrefix });
    const second = await startWorkers({ store, redisUrl: TEST_REDIS_URL, pool, clock, queuePrefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: SWEEP_SCHEDULER_ID, name: SWEEP_EXPIRED_HOLDS_JOB, every: SWEEP_EVERY_MS });

      offsetMs += 16 * MINUTE;
      const job = await queue.add(SWEEP_EXPIRED_HOLDS_JOB, {});
      const deadline = Date.now() + 15_000;
      while (!['completed', 'failed'].includes(await job.getState()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await job.getState()).toBe('completed');
      // The scheduled sweep may have run first; either way the hold is released exactly once.
      const released = await releasesOf(date);
      expect(released.map((e) => e.data)).toEqual([{ studio: 'pochta', date, cells: ['20:00'], holdId: lost.holdId, reason: 'expired' }]);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
