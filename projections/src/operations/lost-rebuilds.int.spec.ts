// A rebuild whose runner went away without recording its end (Redis lost the job, the command line
// was killed) is ended by the sweep, and only such a rebuild: one still queued, being run, or
// just asked for is left to finish.
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTION_OPERATIONS_STREAM, PROJECTIONS_QUEUE, REBUILD_PROJECTION_JOB, rebuildProjectionJobId, type ProjectionName } from '@studio/domain';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { openStack, type Stack } from '@studio/e2e/kit';
import { rebuildLockKey } from '../runtime/bookkeeping';
import { tryLock } from '../runtime/session-lock';
import { failLostRebuilds, LOST_REBUILD_REASON } from './lost-rebuilds';
import { recordRebuild } from './recorded-rebuild';

let stack: Stack;
let jobs: Queue;

// No projections process: nothing takes the queued jobs, so a job added here stays waiting.
beforeAll(async () => {
  stack = await openStack({ name: 'lost_rebuilds', readModels: true });
  jobs = new Queue(PROJECTIONS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: stack.prefix });
});
afterAll(async () => {
  await jobs?.close();
  await stack?.stop();
});

async function ask(projection: ProjectionName): Promise<string> {
  const rebuildId = randomUUID();
  await recordRebuild(stack.store, { type: 'RequestProjectionRebuild', data: { rebuildId, projection } }, { actor: 'staff:s1' });
  return rebuildId;
}
const sweep = (graceMs = 0) => failLostRebuilds({ store: stack.store, pool: stack.pool, jobs, graceMs });
const operations = () => stack.store.readStream(PROJECTION_OPERATIONS_STREAM);

describe('failLostRebuilds', () => {
  it('given a rebuild asked for whose job is gone and whose lock is free, records it failed once, as the projections process', async () => {
    const rebuildId = await ask('hall');
    expect(await sweep()).toEqual(['hall']);
    expect((await operations()).at(-1)).toMatchObject({
      type: 'ProjectionRebuildFailed',
      data: { rebuildId, projection: 'hall', reason: LOST_REBUILD_REASON },
      metadata: { actor: 'system:projections' },
    });
    const recorded = (await operations()).length;
    expect(await sweep()).toEqual([]);
    expect(await operations()).toHaveLength(recorded);
  });

  it('leaves a rebuild whose job still waits in the queue', async () => {
    const rebuildId = await ask('catalog');
    await jobs.add(REBUILD_PROJECTION_JOB, { rebuildId, projection: 'catalog' }, { jobId: rebuildProjectionJobId(rebuildId) });
    expect(await sweep()).toEqual([]);
    expect((await operations()).at(-1)).toMatchObject({ type: 'ProjectionRebuildRequested', data: { rebuildId } });
    // Gone from the queue, the same request is lost.
    await (await jobs.getJob(rebuildProjectionJobId(rebuildId)))!.remove();
    expect(await sweep()).toEqual(['catalog']);
  });

  it('leaves a rebuild that a process runs (its lock held), such as the command line with no job', async () => {
    await ask('promo');
    const lock = await tryLock(stack.pool, rebuildLockKey('promo'));
    try {
      expect(await sweep()).toEqual([]);
    } finally {
      await lock!.release();
    }
    expect((await operations()).at(-1)).toMatchObject({ type: 'ProjectionRebuildRequested', data: { projection: 'promo' } });
    expect(await sweep()).toEqual(['promo']);
  });

  it('leaves a rebuild asked for moments ago, which may still be on its way to the queue', async () => {
    await ask('staff');
    expect(await sweep(60_000)).toEqual([]);
    expect((await operations()).at(-1)).toMatchObject({ type: 'ProjectionRebuildRequested', data: { projection: 'staff' } });
    expect(await sweep()).toEqual(['staff']);
  });
});
