// The operators' console over HTTP (issue 11): the projections' status, a rebuild asked for by a
// super administrator and run by the projections process while bookings keep coming (the same
// machinery as `npm run projections:rebuild`, compared before the switch), one at a time, every
// operator action an event naming who did it.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTION_NAMES, PROJECTION_OPERATIONS_STREAM, projectionOperationsAggregate, studioDayAggregate, type OperationsAnswer } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { findProjection, rebuildProjection } from '@studio/projections';
import { eventually, TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { calendarFromLedgers, calendarRows, futureDate, openStack, postJson, type Stack, type TestStaffMember } from './kit';

const REPO = path.resolve(import.meta.dirname, '..');
let stack: Stack;
let operator: TestStaffMember;

beforeAll(async () => {
  stack = await openStack({ name: 'admin_operations', commandApi: true, queryApi: true, projections: true, seed: true });
  operator = await stack.staffLogin('super', 'Ольга Операторова');
  await stack.caughtUp();
});
afterAll(() => stack?.stop());

async function status(): Promise<OperationsAnswer['data']> {
  const res = await stack.query('/api/admin/operations/projections', operator.headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as OperationsAnswer).data;
}
const rebuild = (name: string) => postJson(stack.commandUrl, `/api/admin/operations/projections/${name}/rebuild`, {}, 'POST', operator.headers);
const calendarOf = async () => (await status()).projections.find((p) => p.name === 'calendar')!;

/** `npm run projections:rebuild -- <name>` against this stack's database, as an operator runs it. */
function rebuildFromTheCommandLine(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(REPO, 'node_modules/.bin/tsx'),
      [path.join(REPO, 'projections/src/cli/rebuild.ts'), name],
      { cwd: REPO, env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: stack.db.url, REDIS_URL: TEST_REDIS_URL }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** The i-th hold of one cell at `studio` (40 days, then the next hour), as a checkout places it. */
const commands = () => createCommandHandler(stack.store);
async function holdOne(handler: ReturnType<typeof commands>, i: number, studio: 'pochta' | 'kirova' | 'masterskaya' = 'kirova'): Promise<string> {
  const { position } = await handler.handle(studioDayAggregate, {
    type: 'HoldSlots',
    data: { studio, date: futureDate(60 + (i % 40)), cells: [`${10 + Math.floor(i / 40)}:00`], holdId: randomUUID(), bookingId: randomUUID(), occupant: { phone: '79991234567' }, now: testClock.now(), holdMinutes: 15 },
  });
  return position!;
}

describe('GET /api/admin/operations/projections', () => {
  it('answers every projection caught up, live, with its versions and checkpoint, and the oldest open transaction', async () => {
    // Readers see no event newer than the cluster's oldest open transaction (other suites share the
    // server): the head and the answer are read until they agree.
    let head: string | undefined;
    let data!: OperationsAnswer['data'];
    await eventually(async () => {
      head = (await stack.store.readAll()).at(-1)?.position;
      data = await status();
      return head !== undefined && data.projections.every((p) => p.position === head && p.state === 'live');
    }, 20_000);
    expect(data.projections.map((p) => p.name).sort()).toEqual([...PROJECTION_NAMES].sort());
    for (const projection of data.projections) {
      expect(projection).toMatchObject({ position: head, lag: { events: 0, capped: false, seconds: null }, state: 'live', rebuild: null });
      expect(projection.version).toBeGreaterThanOrEqual(1);
      expect(projection.schemaVersion).toBeGreaterThanOrEqual(1);
    }
    expect(data.oldestTransactionSeconds === null || data.oldestTransactionSeconds >= 0).toBe(true);
    expect(data.actions).toEqual([]);
  });
});

describe('POST /api/admin/operations/projections/{name}/rebuild', () => {
  it('rebuilds the calendar while bookings keep coming, compares before the switch, and loses nothing', async () => {
    const before = await calendarOf();
    const handler = commands();
    let holding = true;
    let held = 0;
    let last = '';
    const holds = (async () => {
      while (holding && held < 400) last = await holdOne(handler, held++);
    })();
    try {
      await eventually(() => held >= 20);
      const asked = await rebuild('calendar');
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      const { rebuildId } = asked.body.data;

      const again = await rebuild('calendar');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, code: 'rebuild_running', error: 'Перестройка «calendar» уже идёт: дождитесь её окончания' });

      const seen = new Set<string>();
      await eventually(async () => {
        const calendar = await calendarOf();
        seen.add(calendar.state);
        return calendar.rebuild?.rebuildId === rebuildId && calendar.rebuild?.state === 'switched';
      }, 60_000);
      expect(seen.has('rebuilding')).toBe(true);
    } finally {
      holding = false;
      await holds;
    }
    // The last hold's own position: the store shows readers nothing newer than the cluster's oldest
    // open transaction (other suites share the server), so «the last event read» could fall short of it.
    await stack.caughtUp(last);
    const after = await calendarOf();
    expect(after).toMatchObject({ version: before.version + 1, state: 'live', rebuild: { state: 'switched', comparison: { compared: true, equal: true, tables: [{ table: 'calendar_cells', onlyLive: 0, onlyRebuilt: 0 }] } } });
    expect(after.rebuild!.applied).toBeGreaterThanOrEqual(after.rebuild!.total);
    expect(held).toBeGreaterThan(20);
    const fresh = await calendarFromLedgers(stack.store);
    expect(fresh.filter((cell) => cell.studio === 'kirova').length).toBeGreaterThanOrEqual(held);
    expect(await calendarRows(stack.pool)).toEqual(fresh);

    // The operator actions: the request names the staff member, the outcome the projections process.
    const recorded = await stack.store.readStream(PROJECTION_OPERATIONS_STREAM);
    expect(recorded.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['ProjectionRebuildRequested', `staff:${operator.id}`],
      ['ProjectionRebuildFinished', 'system:projections'],
    ]);
    const { actions } = await status();
    expect(actions.map((a) => [a.actor.kind, a.actor.name, a.projection])).toEqual([
      ['system', 'Система', 'calendar'],
      ['staff', 'Ольга Операторова', 'calendar'],
    ]);
    expect(actions[1]!.text).toBe('Запрошена перестройка «calendar»');
    expect(actions[0]!.text).toMatch(new RegExp(`^Перестройка «calendar» завершена: v${before.version} → v${before.version + 1}, .*; версии совпали, чтение переключено$`));

    // Over, it may be asked for again.
    const next = await rebuild('calendar');
    expect(next.status).toBe(202);
    await eventually(async () => (await calendarOf()).rebuild?.state === 'switched' && (await calendarOf()).rebuild?.rebuildId === next.body.data.rebuildId, 30_000);
  });

  it('keeps the live version when the rebuilt one differs, and shows and records the difference', async () => {
    await stack.caughtUp(await holdOne(commands(), 0, 'pochta'));
    const before = await calendarOf();
    const rebuilt = before.version + 1;
    // The live runner's batch lock: the switch waits on it while a row of the rebuilt version is changed.
    const blocker = await stack.pool.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM projection_live WHERE projection = 'calendar' FOR SHARE`);
    let rebuildId: string;
    try {
      const asked = await rebuild('calendar');
      expect(asked.status).toBe(202);
      rebuildId = asked.body.data.rebuildId;
      await eventually(async () => {
        const { rows } = await stack.pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%projection_live%FOR UPDATE%' AND datname = current_database()`);
        return rows.length === 1;
      }, 10_000);
      const changed = await stack.pool.query(`UPDATE calendar_cells_v${rebuilt} SET booking_id = 'tampered' WHERE ctid = (SELECT ctid FROM calendar_cells_v${rebuilt} LIMIT 1)`);
      expect(changed.rowCount).toBe(1);
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
    await eventually(async () => (await calendarOf()).rebuild?.state === 'kept', 20_000);
    const after = await calendarOf();
    expect(after).toMatchObject({
      version: before.version,
      rebuild: {
        rebuildId: rebuildId!,
        comparison: { compared: true, equal: false, tables: [{ table: 'calendar_cells', onlyLive: 1, onlyRebuilt: 1 }] },
        comparisonText: 'версии различаются (calendar_cells: 1 строка только в действующей, 1 строка только в новой)',
      },
    });
    expect((await stack.pool.query(`SELECT to_regclass('calendar_cells_v${rebuilt}') IS NULL AS dropped`)).rows[0].dropped).toBe(true);
    const last = (await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).at(-1)!;
    expect(last).toMatchObject({ type: 'ProjectionRebuildFinished', metadata: { actor: 'system:projections' }, data: { outcome: 'kept', previousVersion: before.version, version: before.version } });
    expect((await status()).actions[0]!.text).toMatch(/^Перестройка «calendar» отменена перед переключением: версии различаются \(calendar_cells: 1 строка только в действующей, 1 строка только в новой\); оставлена v\d+, /);
    await stack.caughtUp();
    expect(await calendarRows(stack.pool)).toEqual(await calendarFromLedgers(stack.store));
  });

  it('records a rebuild that could not run as failed, and the console says why', async () => {
    // A rebuild from the command line holds the hall's rebuild lock, waiting at its switch on a live batch.
    const blocker = await stack.pool.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM projection_live WHERE projection = 'hall' FOR SHARE`);
    const fromTheCommandLine = rebuildProjection({ store: stack.store, pool: stack.pool, projection: findProjection('hall')! });
    try {
      await eventually(async () => (await stack.pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%projection_live%FOR UPDATE%'`)).rows.length === 1, 10_000);
      const asked = await rebuild('hall');
      expect(asked.status).toBe(202);
      await eventually(async () => (await status()).projections.find((p) => p.name === 'hall')!.rebuild?.state === 'failed', 20_000);
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
    await fromTheCommandLine;
    const hall = (await status()).projections.find((p) => p.name === 'hall')!;
    expect(hall.rebuild).toMatchObject({ state: 'failed', error: 'Перестройка «hall» уже идёт в другом процессе' });
    expect((await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).at(-1)).toMatchObject({ type: 'ProjectionRebuildFailed', metadata: { actor: 'system:projections' } });
    expect((await status()).actions[0]!.text).toBe('Перестройка «hall» не удалась: Перестройка «hall» уже идёт в другом процессе');
    // Failed, it may be asked for again.
    expect((await rebuild('hall')).status).toBe(202);
    await eventually(async () => (await status()).projections.find((p) => p.name === 'hall')!.rebuild?.state === 'switched', 20_000);
  });

  it('records a rebuild run from the command line as the operator\'s, and the console shows it', async () => {
    const run = await rebuildFromTheCommandLine('promo');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/readers now use v\d+/);
    const [requested, finished] = (await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).slice(-2);
    const operatorId = /^operator:(.+@.+)$/.exec(String(requested!.metadata.actor))?.[1];
    expect(operatorId).toBeDefined();
    const { rebuildId } = requested!.data as { rebuildId: string };
    expect(requested).toMatchObject({ type: 'ProjectionRebuildRequested', data: { projection: 'promo' } });
    expect(finished).toMatchObject({ type: 'ProjectionRebuildFinished', data: { rebuildId, outcome: 'switched' }, metadata: { actor: `operator:${operatorId}` } });
    const { actions, projections } = await status();
    expect(actions.slice(0, 2).map((a) => a.actor)).toEqual([
      { kind: 'operator', id: operatorId, name: `Оператор ${operatorId} (командная строка)` },
      { kind: 'operator', id: operatorId, name: `Оператор ${operatorId} (командная строка)` },
    ]);
    expect(actions[1]!.text).toBe('Запрошена перестройка «promo»');
    expect(projections.find((p) => p.name === 'promo')!.rebuild).toMatchObject({ rebuildId, state: 'switched', comparisonText: 'версии совпали' });
  });

  it('refuses a command-line rebuild while one of that projection is under way, and records nothing', async () => {
    const rebuildId = randomUUID();
    const operations = createCommandHandler(stack.store);
    await operations.handle(projectionOperationsAggregate, { type: 'RequestProjectionRebuild', data: { rebuildId, projection: 'accounts' } }, { actor: `staff:${operator.id}` });
    const before = (await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).length;
    try {
      const run = await rebuildFromTheCommandLine('accounts');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Перестройка «accounts» уже идёт: дождитесь её окончания');
      expect(await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).toHaveLength(before);
    } finally {
      await operations.handle(projectionOperationsAggregate, { type: 'RecordProjectionRebuildFailed', data: { rebuildId, projection: 'accounts', reason: 'test' } }, { actor: 'system:test' });
    }
  });

  it('refuses an unknown projection with 400 and records nothing', async () => {
    const before = (await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).length;
    const res = await rebuild('calendar_cells');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field: 'name' });
    expect(await stack.store.readStream(PROJECTION_OPERATIONS_STREAM)).toHaveLength(before);
  });
});

describe('lag', () => {
  it('counts the events after a checkpoint and how long the oldest has waited', async () => {
    await stack.caughtUp();
    await stack.projections!.stop();
    const handler = commands();
    for (let i = 0; i < 3; i++) await holdOne(handler, i, 'masterskaya');
    // Once the three are visible to readers and the oldest has waited two seconds.
    await eventually(async () => {
      const { lag, state } = await calendarOf();
      return lag.events === 3 && lag.seconds !== null && lag.seconds >= 2 && state === 'catching_up';
    }, 20_000);
    expect((await calendarOf()).lag).toMatchObject({ events: 3, capped: false });
  });
});
