import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from '@studio/platform';
import { caughtUp, checkpointOf, event, openFixture, waitFor, type Fixture } from '../test-support';
import { ensureProjectionTables } from './bookkeeping';
import type { ProjectionDefinition } from './definition';
import { startProjectionRunner, type ProjectionRunner } from './runner';

type TallyTables = Record<string, { event_id: string; runner: string }>;

/**
 * Records in `<name>_tally` which runner applied each `Counted` event; a `Boom` event fails its
 * whole batch; a `Gate` event holds its batch's transaction open until `gate` resolves.
 */
const tallyProjection = (name: string, runner: string, gate?: Promise<void>): ProjectionDefinition<TallyTables> => ({
  name,
  version: 1,
  tables: { [`${name}_tally`]: (table: string) => [`CREATE TABLE IF NOT EXISTS ${table} (event_id text NOT NULL, runner text NOT NULL)`] },
  async apply(trx, events) {
    for (const e of events) {
      if (e.type === 'Counted') await trx.insertInto(`${name}_tally`).values({ event_id: e.id, runner }).execute();
      if (e.type === 'Boom') throw new Error('boom');
      if (e.type === 'Gate') await gate;
    }
    return [];
  },
});

let fixture: Fixture;
const running: ProjectionRunner[] = [];

function start_(projection: ProjectionDefinition<TallyTables>, errors: unknown[] = []) {
  const runner = startProjectionRunner({
    store: fixture.store,
    pool: fixture.pool,
    db: createKysely(fixture.pool),
    projection,
    publish: async () => undefined,
    lockRetryMs: 50,
    log: (_message, error) => errors.push(error),
  });
  running.push(runner);
  return runner;
}

async function tally(name: string) {
  const { rows } = await fixture.pool.query<{ event_id: string; runner: string }>(`SELECT event_id, runner FROM ${name}_tally_v1`);
  return rows;
}

beforeAll(async () => {
  fixture = await openFixture();
});

afterAll(async () => {
  await Promise.all(running.map((runner) => runner.stop()));
  await fixture?.close();
});

describe('projection runner', () => {
  it('lets one of two runners of a projection apply each event exactly once, and the other take over when it stops', async () => {
    const name = 'pair';
    const projection = (runner: string) => tallyProjection(name, runner);
    await ensureProjectionTables(createKysely(fixture.pool), [projection('setup')]);
    const a = start_(projection('a'));
    const b = start_(projection('b'));
    await waitFor(async () => a.active || b.active);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([a.active, b.active].filter(Boolean)).toHaveLength(1);
    const [holder, standby] = a.active ? [a, b] : [b, a];

    const first = Array.from({ length: 20 }, () => event('Counted', {}));
    let head = '';
    for (const e of first) ({ position: head } = await fixture.store.appendToStream('counter-1', [e]));
    await caughtUp(fixture.pool, name, head);
    const applied = await tally(name);
    expect(applied.map((row) => row.event_id).sort()).toEqual(first.map((e) => e.id).sort());
    expect(new Set(applied.map((row) => row.runner))).toEqual(new Set([holder === a ? 'a' : 'b']));

    await holder.stop();
    await waitFor(async () => standby.active);
    const second = [event('Counted', {}), event('Counted', {})];
    const { position } = await fixture.store.appendToStream('counter-1', second);
    await caughtUp(fixture.pool, name, position);
    const after = await tally(name);
    expect(after).toHaveLength(22);
    expect(after.filter((row) => second.some((e) => e.id === row.event_id)).map((row) => row.runner)).toEqual(
      Array(2).fill(standby === a ? 'a' : 'b'),
    );
  });

  it('leaves tables and checkpoint untouched when a batch fails, and keeps retrying it', async () => {
    const projection = tallyProjection('failing', 'solo');
    await ensureProjectionTables(createKysely(fixture.pool), [projection]);
    const errors: unknown[] = [];
    start_(projection, errors);
    const ok = event('Counted', {});
    const { position } = await fixture.store.appendToStream('counter-2', [ok]);
    await caughtUp(fixture.pool, 'failing', position);
    const before = await checkpointOf(fixture.pool, 'failing');

    // One append, so the counted event and the failing one arrive in the same batch.
    const doomed = event('Counted', {});
    await fixture.store.appendToStream('counter-2', [doomed, event('Boom', {})]);
    await waitFor(async () => errors.length >= 2);
    expect(errors[0]).toMatchObject({ message: 'boom' });
    expect(await checkpointOf(fixture.pool, 'failing')).toEqual(before);
    const applied = (await tally('failing')).map((row) => row.event_id);
    expect(applied).toContain(ok.id);
    expect(applied).not.toContain(doomed.id);
  });

  it('abandons a batch whose checkpoint another writer moved, and resumes from where that writer left it', async () => {
    let open: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const gateEntered = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (open = resolve)).then(() => undefined);
    const projection = tallyProjection('moved', 'solo', gateEntered.then(() => gate));
    const gated: typeof projection = {
      ...projection,
      apply: (trx, events) => {
        if (events.some((e) => e.type === 'Gate')) entered();
        return projection.apply(trx, events);
      },
    };
    await ensureProjectionTables(createKysely(fixture.pool), [gated]);
    const { position: start } = await fixture.store.appendToStream('counter-3', [event('Noise', {})]);
    await fixture.pool.query(`UPDATE projection_checkpoints SET position = $1 WHERE projection = 'moved'`, [start]);
    start_(gated);

    const doomed = event('Counted', {});
    await fixture.store.appendToStream('counter-3', [doomed, event('Gate', {})]);
    await gateEntered;
    // Another writer moves the checkpoint while the gated batch is still open.
    const skipped = event('Counted', {});
    const { position: moved } = await fixture.store.appendToStream('counter-3', [skipped]);
    await fixture.pool.query(`UPDATE projection_checkpoints SET position = $1 WHERE projection = 'moved'`, [moved]);
    open();

    const resumed = event('Counted', {});
    const { position } = await fixture.store.appendToStream('counter-3', [resumed]);
    await caughtUp(fixture.pool, 'moved', position);
    expect((await tally('moved')).map((row) => row.event_id)).toEqual([resumed.id]);
  });
});
