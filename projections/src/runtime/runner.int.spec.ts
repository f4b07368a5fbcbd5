import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { eventually } from '@studio/platform/testing';
import { caughtUp, checkpointOf, event } from '../test-support';
import { ensureProjectionTables } from './bookkeeping';
import type { AnyProjection, ProjectionDefinition } from './definition';
import { rebuildProjection } from './rebuild';
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

let fixture: Stack;
const running: ProjectionRunner[] = [];

function start_(projection: AnyProjection, errors: unknown[] = [], messages: string[] = [], db = createKysely(fixture.pool)) {
  const runner = startProjectionRunner({
    store: fixture.store,
    pool: fixture.pool,
    db,
    projection,
    publish: async () => undefined,
    lockRetryMs: 50,
    log: (message, error) => {
      messages.push(message);
      errors.push(error);
    },
  });
  running.push(runner);
  return runner;
}

async function tally(name: string) {
  const { rows } = await fixture.pool.query<{ event_id: string; runner: string }>(`SELECT event_id, runner FROM ${name}_tally_v1`);
  return rows;
}

beforeAll(async () => {
  fixture = await openStack({ name: 'proj' });
});

afterAll(async () => {
  await Promise.all(running.map((runner) => runner.stop()));
  await fixture?.stop();
});

describe('projection runner', () => {
  it('lets one of two runners of a projection apply each event exactly once, and the other take over when it stops', async () => {
    const name = 'pair';
    const projection = (runner: string) => tallyProjection(name, runner);
    await ensureProjectionTables(createKysely(fixture.pool), [projection('setup')]);
    const a = start_(projection('a'));
    const b = start_(projection('b'));
    await eventually(async () => a.active || b.active);
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
    await eventually(async () => standby.active);
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
    await eventually(async () => errors.length >= 2);
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

type RowsTables = Record<string, { event_id: string; code: number }>;

/**
 * Version `version` of a projection that records each `Counted` event of the `<name>-1` stream in
 * `<name>_rows` stamped with the version of the code that applied it; a `Poison` event throws while
 * `poisoned()` says so. Other tests' events in the shared store pass through untouched.
 */
const versionedProjection = (
  name: string,
  version: number,
  options: { poisoned?: () => boolean; extraTable?: string } = {},
): ProjectionDefinition<RowsTables> => ({
  name,
  version,
  tables: {
    [`${name}_rows`]: (table: string) => [`CREATE TABLE IF NOT EXISTS ${table} (event_id text NOT NULL, code int NOT NULL)`],
    ...(options.extraTable ? { [options.extraTable]: (table: string) => [`CREATE TABLE IF NOT EXISTS ${table} (id text)`] } : {}),
  },
  async apply(trx, events) {
    for (const e of events.filter((e) => e.streamName === `${name}-1`)) {
      if (e.type === 'Counted') await trx.insertInto(`${name}_rows`).values({ event_id: e.id, code: version }).execute();
      if (e.type === 'Poison' && options.poisoned?.()) throw new Error('poisoned');
    }
    return [];
  },
});

/** The rows of one physical version of a `versionedProjection`, whatever the views show. */
async function rowsOf(name: string, physical: number) {
  const { rows } = await fixture.pool.query<{ event_id: string; code: number }>(`SELECT event_id, code FROM ${name}_rows_v${physical} ORDER BY event_id`);
  return rows;
}

const checkpointAt = async (name: string, physical: number) =>
  (await fixture.pool.query(`SELECT position FROM projection_checkpoints WHERE projection = $1 AND version = $2`, [name, physical])).rows[0];

const exists = async (relation: string): Promise<boolean> => (await fixture.pool.query('SELECT to_regclass($1) IS NOT NULL AS ok', [relation])).rows[0].ok;

/** A Kysely on the fixture's pool that counts the queries sent through it: a runner's polls show up there. */
function countingDb() {
  const counter = { queries: 0 };
  const db = new Kysely({
    dialect: new PostgresDialect({ pool: fixture.pool }),
    log: (entry) => {
      if (entry.level === 'query') counter.queries += 1;
    },
  });
  return { db, counter };
}

/** Fills version 1 of `name` with `events` through a v1 runner, which is stopped again. */
async function fillVersion1(name: string, events: ReturnType<typeof event>[]) {
  const v1 = versionedProjection(name, 1);
  await ensureProjectionTables(createKysely(fixture.pool), [v1]);
  const runner = start_(v1);
  const { position } = await fixture.store.appendToStream(`${name}-1`, events);
  await caughtUp(fixture.pool, name, position);
  await runner.stop();
}

const NEWER = (name: string, live: number, code: number) =>
  `Projection ${name}: live version ${live} is newer than this code's ${code}: refusing to run; deploy the newer code`;

describe('projection runner across schema versions', () => {
  it('never applies new code to the old version while its start-up rebuild fails, and switches once the rebuild succeeds', async () => {
    const name = 'upgrade';
    const old = [event('Counted', {}), event('Poison', {}), event('Counted', {})];
    await fillVersion1(name, old);
    const before = { rows: await rowsOf(name, 1), checkpoint: await checkpointOf(fixture.pool, name) };
    expect(before.rows).toHaveLength(2);

    let poisoned = true;
    let rebuildsHitPoison = 0;
    const v2 = versionedProjection(name, 2, {
      poisoned: () => {
        rebuildsHitPoison += 1;
        return poisoned;
      },
    });
    const messages: string[] = [];
    start_(v2, [], messages);
    const fresh = event('Counted', {});
    const { position } = await fixture.store.appendToStream(`${name}-1`, [fresh]);

    // Either the rebuild is retried (only a rebuild reads the poison again) or v2's code wrote to v1.
    await eventually(async () => rebuildsHitPoison >= 3 || (await rowsOf(name, 1)).length > before.rows.length);
    expect(await rowsOf(name, 1)).toEqual(before.rows);
    expect(await checkpointOf(fixture.pool, name)).toEqual(before.checkpoint);
    expect(messages.filter((m) => m.startsWith('rebuild to version 2 failed')).length).toBeGreaterThanOrEqual(2);

    poisoned = false;
    await eventually(async () => (await checkpointOf(fixture.pool, name))?.version === 2);
    await caughtUp(fixture.pool, name, position);
    const expected = [...old.filter((e) => e.type === 'Counted'), fresh].map((e) => ({ event_id: e.id, code: 2 }));
    expect(await rowsOf(name, 2)).toEqual(expected.sort((a, b) => a.event_id.localeCompare(b.event_id)));
    expect(await exists(`${name}_rows_v1`)).toBe(false);
  });

  it('lets a runner of the old code keep the old version current while the upgrade rebuild fails', async () => {
    const name = 'rolling';
    await fillVersion1(name, [event('Poison', {})]);
    const messages: string[] = [];
    start_(versionedProjection(name, 2, { poisoned: () => true }), [], messages);
    // Announced, then failed.
    await eventually(async () => messages.length >= 2);
    start_(versionedProjection(name, 1));

    const fresh = event('Counted', {});
    const { position } = await fixture.store.appendToStream(`${name}-1`, [fresh]);
    await caughtUp(fixture.pool, name, position);
    expect(await rowsOf(name, 1)).toEqual([{ event_id: fresh.id, code: 1 }]);
  });

  it('stands by without writing when the live version is newer than its code, and says so once', async () => {
    const name = 'downgrade';
    const v2 = versionedProjection(name, 2);
    await ensureProjectionTables(createKysely(fixture.pool), [v2]);
    const newer = start_(v2);
    const { position } = await fixture.store.appendToStream(`${name}-1`, [event('Counted', {})]);
    await caughtUp(fixture.pool, name, position);
    await newer.stop();
    const before = { rows: await rowsOf(name, 2), checkpoint: await checkpointAt(name, 2) };

    const messages: string[] = [];
    const { db, counter } = countingDb();
    const older = start_(versionedProjection(name, 1), [], messages, db);
    await fixture.store.appendToStream(`${name}-1`, [event('Counted', {})]);

    await eventually(async () => messages.includes(NEWER(name, 2, 1)) || (await rowsOf(name, 2)).some((row) => row.code === 1));
    expect(await rowsOf(name, 2)).toEqual(before.rows);
    expect(await checkpointAt(name, 2)).toEqual(before.checkpoint);
    // It keeps looking at the live version without taking it over or repeating itself.
    const seen = counter.queries;
    await eventually(async () => counter.queries >= seen + 3);
    expect(messages).toEqual([NEWER(name, 2, 1)]);
    expect(older.active).toBe(false);
    expect(await rowsOf(name, 2)).toEqual(before.rows);
  });

  it('leaves the tables and views of a newer live version alone when older code ensures its tables', async () => {
    const name = 'shrunk';
    await ensureProjectionTables(createKysely(fixture.pool), [versionedProjection(name, 2)]);
    await ensureProjectionTables(createKysely(fixture.pool), [versionedProjection(name, 1, { extraTable: `${name}_legacy` })]);
    expect(await exists(`${name}_legacy`)).toBe(false);
    expect(await exists(`${name}_legacy_v2`)).toBe(false);
    expect(await exists(`${name}_rows_v1`)).toBe(false);
  });

  it('stops writing when a rebuild by newer code switches the live version under it', async () => {
    const name = 'overtaken';
    const v1 = versionedProjection(name, 1);
    await ensureProjectionTables(createKysely(fixture.pool), [v1]);
    const messages: string[] = [];
    const older = start_(v1, [], messages);
    const { position } = await fixture.store.appendToStream(`${name}-1`, [event('Counted', {})]);
    await caughtUp(fixture.pool, name, position);

    const rebuilt = await rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: versionedProjection(name, 2) });
    expect(rebuilt).toMatchObject({ previousVersion: 1, version: 2, position });
    const before = await rowsOf(name, 2);
    await fixture.store.appendToStream(`${name}-1`, [event('Counted', {})]);

    await eventually(async () => messages.includes(NEWER(name, 2, 1)) || (await rowsOf(name, 2)).some((row) => row.code === 1));
    expect(await rowsOf(name, 2)).toEqual(before);
    expect(await checkpointAt(name, 2)).toEqual({ position });
    await eventually(async () => !older.active);
  });
});
