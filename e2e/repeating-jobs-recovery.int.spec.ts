// Redis data lost without a reconnect (issue 20): a FLUSHALL or an eviction wipes the workers'
// repeating jobs and every delayed hold release, and no 'ready' event says so. The workers must
// notice and register the jobs again, the expired-holds sweep must then free the expired holds on
// its own, and health must say `degraded` while a job is missing. The loss is played by deleting
// this stack's keys: the test Redis is shared with other suites, which a real FLUSHALL would break.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioDayStream, type Clock, type JobRun } from '@studio/domain';
import { readJobRuns } from '@studio/platform';
import { eventually, TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { startWorkers } from '@studio/workers';
import { checkoutAtServerPrice, deleteKeys, futureDate, guestIntentBody, openStack, postJson, type Stack } from './kit';

// The services' "now", moved past the holds' expiry; BullMQ keeps wall time, so the delayed
// releases never fire here: only the sweep can free the holds.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(testClock.now().getTime() + offsetMs) };
const MINUTE = 60_000;
/** The workers' repeating jobs, by name. */
const JOBS = ['complete-bookings', 'send-due-reminders', 'sweep-expired-holds', 'sweep-unsaved-hall-photos', 'sweep-waitlist', 'sync-payments'];
/** How often these workers check their schedulers (30 s in production). */
const CHECK_MS = 1000;

interface HealthJob {
  name: string;
  scheduled: boolean;
  lastRunAt: string | null;
  overdue: boolean;
}

const health = async (stack: Stack) => (await stack.query('/api/health')).body as { status: 'ok' | 'degraded'; jobs: HealthJob[] };

/** Every repeating job the workers registered is scheduled and has run. */
const allRunning = (jobs: HealthJob[]) => jobs.length === JOBS.length && jobs.every((job) => job.scheduled && job.lastRunAt !== null && !job.overdue);

/** The schedulers Redis holds, of the jobs the workers registered. */
async function scheduledJobs(stack: Stack, runs: JobRun[]): Promise<string[]> {
  const found: string[] = [];
  for (const run of runs) {
    const queue = new Queue(run.queue, { connection: { url: TEST_REDIS_URL }, prefix: stack.prefix });
    try {
      if (await queue.getJobScheduler(run.schedulerId)) found.push(run.name);
    } finally {
      await queue.close();
    }
  }
  return found;
}

describe('repeating jobs after Redis lost its data', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await openStack({ name: 'jobs_recovery', commandApi: true, queryApi: true, projections: true, workers: { jobCheckEveryMs: CHECK_MS }, seed: true, clock });
  });
  afterAll(() => stack?.stop());

  it('come back within the check interval, and the sweep frees the holds whose releases were lost', async () => {
    await eventually(async () => allRunning((await health(stack)).jobs), 30_000);
    const runs = await readJobRuns(stack.pool);
    expect(runs.map((run) => run.name)).toEqual(JOBS);

    const first = futureDate();
    const second = futureDate();
    const holds: { date: string; holdId: string }[] = [];
    for (const [date, cells] of [[first, ['12:00', '12:30']], [second, ['18:00']]] as const) {
      const held = await postJson(stack.commandUrl, '/api/holds', { studio: 'pochta', date, cells });
      expect(held.status).toBe(201);
      holds.push({ date, holdId: String(held.body.holdId) });
    }
    const checkoutDate = futureDate();
    await checkoutAtServerPrice(stack.commandUrl, guestIntentBody(checkoutDate, ['15:00-16:00'], 0));
    await stack.caughtUp();

    // Past every hold's expiry and the sweep's grace, then the loss.
    offsetMs = 16 * MINUTE;
    // The workers run in this process: what they say when they find the jobs gone is heard here.
    const warned = vi.spyOn(console, 'warn');
    const restored = () => warned.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('were missing from Redis'));
    let backAfterMs: number;
    const lostAt = performance.now();
    try {
      await deleteKeys(stack.redis, `${stack.prefix}*`);
      await eventually(() => JOBS.every((name) => restored().some((message) => message.includes(name))), CHECK_MS + 30_000);
      backAfterMs = Math.round(performance.now() - lostAt);
    } finally {
      warned.mockRestore();
    }
    expect((await scheduledJobs(stack, runs)).sort()).toEqual(JOBS);
    console.info(`[repeating-jobs-recovery] all ${runs.length} repeating jobs scheduled again ${backAfterMs} ms after the loss (check every ${CHECK_MS} ms)`);

    // The re-registered sweep runs at once: each hold, the checkout's included, is released by it.
    const released = async (date: string) => (await stack.store.readStream(studioDayStream('pochta', date))).filter((event) => event.type === 'HoldReleased');
    for (const { date, holdId } of holds) {
      const events = await eventually(async () => {
        const found = await released(date);
        return found.length > 0 && found;
      }, 20_000);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ data: { holdId, reason: 'expired' }, metadata: { actor: 'system:hold-expiry' } });
    }
    expect(await eventually(async () => (await released(checkoutDate)).length === 1, 20_000)).toBe(true);
    console.info(`[repeating-jobs-recovery] every expired hold freed by the sweep ${Math.round(performance.now() - lostAt)} ms after the loss`);
    await eventually(async () => allRunning((await health(stack)).jobs), 20_000);
  }, 90_000);
});

describe('health of the repeating jobs', () => {
  let stack: Stack;
  let workers: Awaited<ReturnType<typeof startWorkers>>;
  beforeAll(async () => {
    stack = await openStack({ name: 'jobs_health', queryApi: true });
    // The periodic check is left to this test (an hour apart), so the loss stays visible until it asks.
    workers = await startWorkers({ store: stack.store, redisUrl: TEST_REDIS_URL, pool: stack.pool, queuePrefix: stack.prefix, clock: stack.clock, payments: stack.paymentProvider!, media: stack.media, jobCheckEveryMs: 60 * MINUTE });
  });
  afterAll(async () => {
    await workers?.stop();
    await stack?.stop();
  });

  it('is degraded while a job is missing or overdue, and ok once it is back', async () => {
    await eventually(async () => {
      const answer = await health(stack);
      return answer.status === 'ok' && allRunning(answer.jobs);
    }, 30_000);
    // A run in flight as the keys go schedules its next one as it ends: wipe until nothing is left.
    const lost = await eventually(async () => {
      await deleteKeys(stack.redis, `${stack.prefix}*`);
      const answer = await health(stack);
      return answer.jobs.every((job) => !job.scheduled) && answer;
    }, 20_000);
    expect(lost.status).toBe('degraded');
    // Every one missing, yet its last run still known (that lives in Postgres).
    expect(lost.jobs.map((job) => [job.name, job.scheduled, job.lastRunAt !== null])).toEqual(JOBS.map((name) => [name, false, true]));

    expect((await workers.checkRepeatingJobs()).sort()).toEqual(JOBS);
    await eventually(async () => (await health(stack)).status === 'ok', 20_000);
    expect(await workers.checkRepeatingJobs()).toEqual([]);

    // Scheduled, but no run completed for twice its period (its delayed run lost, say): degraded too.
    await stack.pool.query(`UPDATE job_runs SET last_run_at = now() - interval '3 hours' WHERE name = 'sweep-unsaved-hall-photos'`);
    const stale = await health(stack);
    expect(stale.status).toBe('degraded');
    expect(stale.jobs.find((job) => job.name === 'sweep-unsaved-hall-photos')).toMatchObject({ scheduled: true, overdue: true });
  }, 60_000);
});
