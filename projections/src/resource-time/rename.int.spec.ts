// The read model was named photographer-time before issue 21's «one name per concept» made it
// resource-time (docs/operations.md#renamed-read-models): a database the old code left keeps its
// tables and checkpoint under the new name, and the schema upgrade is then rebuilt beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionOperationEventSchemas, rebuildProjectionJobSchema, resourceDayStream, resourceTimeAggregate } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { given, openStack, type Stack } from '@studio/e2e/kit';
import { caughtUp, checkpointOf } from '../test-support';
import { ensureProjectionTables, readLive } from '../runtime/bookkeeping';
import type { AnyProjection } from '../runtime/definition';
import { startProjectionRunner, type ProjectionRunner } from '../runtime/runner';
import { resourceTimeProjection } from './projection';

const { photographer_hours, photographer_schedules } = resourceTimeProjection.tables;
/** The read model as the old code deployed it: its former name, version 1, the photographers' tables only. */
const formerProjection: AnyProjection = { ...resourceTimeProjection, name: 'photographer-time', version: 1, tables: { photographer_hours, photographer_schedules } };

let fixture: Stack;
const running: ProjectionRunner[] = [];
const start = (projection: AnyProjection) => {
  const runner = startProjectionRunner({ store: fixture.store, pool: fixture.pool, db: createKysely(fixture.pool), projection, publish: async () => undefined, lockRetryMs: 50, log: () => undefined });
  running.push(runner);
  return runner;
};
const rowsOf = async (sql: string) => (await fixture.pool.query(sql)).rows;

beforeAll(async () => {
  fixture = await openStack({ name: 'rename' });
});
afterAll(async () => {
  await Promise.all(running.map((runner) => runner.stop()));
  await fixture?.stop();
});

describe('the resource-time read model on a database of the photographer-time code', () => {
  it('takes over the former name\'s live version and checkpoint without replaying, then rebuilds its new schema beside them', async () => {
    const db = createKysely(fixture.pool);
    const taken = { resource: { kind: 'photographer' as const, id: 'anna' }, date: '2030-01-02', cells: ['12:00', '12:30'], bookingId: 'b1', studio: 'pochta' as const };
    const position = await given(fixture.store, resourceTimeAggregate, resourceDayStream(taken.resource, taken.date), [{ type: 'ResourceTimeTaken', data: taken }]);
    // The old code's start and runner.
    await ensureProjectionTables(db, [formerProjection]);
    const old = start(formerProjection);
    await caughtUp(fixture.pool, 'photographer-time', position);
    await old.stop();

    await ensureProjectionTables(db, [resourceTimeProjection]);
    expect(await readLive(db, 'resource-time')).toEqual({ version: 1, schemaVersion: 1 });
    expect(await checkpointOf(fixture.pool, 'resource-time')).toEqual({ version: 1, position });
    expect(await rowsOf(`SELECT projection FROM projection_live WHERE projection = 'photographer-time'
      UNION ALL SELECT projection FROM projection_checkpoints WHERE projection = 'photographer-time'`)).toEqual([]);
    // The views still show the rows the old code wrote.
    expect(await rowsOf('SELECT photographer_id, cell FROM photographer_hours ORDER BY cell')).toEqual([
      { photographer_id: 'anna', cell: '12:00' },
      { photographer_id: 'anna', cell: '12:30' },
    ]);
    // Starting again renames nothing more and keeps the checkpoint.
    await ensureProjectionTables(db, [resourceTimeProjection]);
    expect(await checkpointOf(fixture.pool, 'resource-time')).toEqual({ version: 1, position });

    // Version 2 (shared equipment's tables) is the runner's to rebuild, as any schema upgrade.
    start(resourceTimeProjection);
    await eventually(async () => (await readLive(db, 'resource-time'))?.schemaVersion === 2, 20_000);
    expect(await checkpointOf(fixture.pool, 'resource-time')).toEqual({ version: 2, position });
    expect(await rowsOf('SELECT photographer_id, cell FROM photographer_hours ORDER BY cell')).toHaveLength(2);
    expect(await rowsOf('SELECT * FROM equipment_hours')).toEqual([]);
    expect(await rowsOf(`SELECT to_regclass('photographer_hours_v1') IS NULL AS dropped`)).toEqual([{ dropped: true }]);
  });

  it('reads an operator\'s rebuild or a queued job recorded under the former name as the new one', () => {
    expect(projectionOperationEventSchemas.ProjectionRebuildRequested.parse({ rebuildId: 'r1', projection: 'photographer-time' }).projection).toBe('resource-time');
    expect(rebuildProjectionJobSchema.parse({ rebuildId: 'r1', projection: 'photographer-time' }).projection).toBe('resource-time');
    expect(projectionOperationEventSchemas.ProjectionRebuildRequested.safeParse({ rebuildId: 'r1', projection: 'nope' }).success).toBe(false);
  });
});
