// The workers' expired-holds sweep against holds placed through command-api and seen by the
// calendar projection: a hold whose delayed release job Redis lost is still released, once.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDS_QUEUE, releaseHoldJobId, studioDayAggregate, studioDayStream, SWEEP_EXPIRED_HOLDS_JOB, type Clock } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { startWorkers, SWEEP_EVERY_MS, SWEEP_SCHEDULER_ID, sweepExpiredHolds, type WorkerDeps } from '@studio/workers';
import { openStack, type Stack } from './kit';

// Every service shares one clock that the tests move forward; BullMQ still fires by wall time,
// which is why each hold's delayed job is deleted (a lost job) before its expiry is simulated.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
const MINUTE = 60_000;

let stack: Stack;
let queue: Queue;
let sweep: WorkerDeps;
beforeAll(async () => {
  stack = await openStack({ name: 'sweep', commandApi: true, projections: true, clock });
  queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: stack.prefix });
  sweep = { commands: createCommandHandler(stack.store), pool: stack.pool, clock };
});
afterAll(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
  await stack?.stop();
});

let dayOffset = 0;
/** A day far enough ahead that the two-hour notice rule never matters, unique per call. */
function futureDate(): string {
  dayOffset += 1;
  return testClock.day(40 + dayOffset);
}

/** Places a hold through the command API, then deletes its delayed release job as a Redis loss would. */
async function holdWithLostJob(date: string, cells: string[]): Promise<{ holdId: string; bookingId: string }> {
  const res = await fetch(`${stack.commandUrl}/api/holds`, {
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
  const deadline = performance.now() + 15_000;
  let seen: Record<string, string> = {};
  while (performance.now() < deadline) {
    const { rows } = await stack.pool.query<{ cell: string; state: string; hold_id: string | null }>(
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
  (await stack.store.readStream(studioDayStream('pochta', date))).filter((e) => e.type === 'HoldReleased');

describe('expired-holds sweep', () => {
  it('releases a hold whose delayed job was lost, once; leaves confirmed, unexpired and in-grace holds alone', async () => {
    const date = futureDate();
    const t0 = offsetMs;
    const lost = await holdWithLostJob(date, ['12:00', '12:30']);
    const confirmed = await holdWithLostJob(date, ['14:00']);
    await sweep.commands.handle(studioDayAggregate, { type: 'ConfirmHold', data: { studio: 'pochta', date, holdId: confirmed.holdId, bookingId: confirmed.bookingId } });
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

    expect(await sweepExpiredHolds(sweep)).toBe(1);
    const released = await releasesOf(date);
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({
      data: { holdId: lost.holdId, reason: 'expired', cells: ['12:00', '12:30'] },
      metadata: { actor: 'system:hold-expiry' },
    });

    // At once (the calendar may still show the hold) and after the calendar caught up: nothing more.
    expect(await sweepExpiredHolds(sweep)).toBe(0);
    await untilCalendar(date, { '14:00': `booked:${confirmed.holdId}`, '16:00': `held:${inGrace.holdId}`, '18:00': `held:${fresh.holdId}` });
    expect(await sweepExpiredHolds(sweep)).toBe(0);
    expect(await releasesOf(date)).toHaveLength(1);

    // One second past the grace, the second hold goes too; the confirmed and the fresh one stay.
    offsetMs = t0 + 17 * MINUTE + 21_000;
    expect(await sweepExpiredHolds(sweep)).toBe(1);
    expect((await releasesOf(date)).map((e) => (e.data as { holdId: string }).holdId)).toEqual([lost.holdId, inGrace.holdId]);
    await untilCalendar(date, { '14:00': `booked:${confirmed.holdId}`, '18:00': `held:${fresh.holdId}` });
  });

  it('every worker process registers the same half-minute scheduler, and the worker runs a sweep job', async () => {
    const date = futureDate();
    const lost = await holdWithLostJob(date, ['20:00']);
    await untilCalendar(date, { '20:00': `held:${lost.holdId}` });
    const first = await startWorkers({ store: stack.store, redisUrl: TEST_REDIS_URL, pool: stack.pool, clock, queuePrefix: stack.prefix });
    const second = await startWorkers({ store: stack.store, redisUrl: TEST_REDIS_URL, pool: stack.pool, clock, queuePrefix: stack.prefix });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: SWEEP_SCHEDULER_ID, name: SWEEP_EXPIRED_HOLDS_JOB, every: SWEEP_EVERY_MS });

      offsetMs += 16 * MINUTE;
      const job = await queue.add(SWEEP_EXPIRED_HOLDS_JOB, {});
      const deadline = performance.now() + 15_000;
      while (!['completed', 'failed'].includes(await job.getState()) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
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
