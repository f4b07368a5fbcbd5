import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eventually, TEST_REDIS_URL } from '@studio/platform/testing';
import { calendarProjection } from './calendar/projection';
import { PROJECTIONS } from './projections';
import { ensureReadModels, startProjections } from './start';
import { openStack, type Stack } from '@studio/e2e/kit';
import { caughtUp, checkpointOf, event } from './test-support';

let fixture: Stack;
let redis: Redis;

beforeAll(async () => {
  fixture = await openStack({ name: 'proj' });
  redis = new Redis(TEST_REDIS_URL);
});

afterAll(async () => {
  redis?.disconnect();
  await fixture?.stop();
});

describe('ensureReadModels', () => {
  it('creates every read model once when several processes start together', async () => {
    await Promise.all([1, 2, 3, 4].map(() => ensureReadModels(fixture.pool)));
    await ensureReadModels(fixture.pool);
    const views = await fixture.pool.query<{ name: string; def: string }>(
      `SELECT viewname AS name, definition AS def FROM pg_views WHERE schemaname = 'public' ORDER BY viewname`,
    );
    const tables = PROJECTIONS.flatMap((projection) => Object.keys(projection.tables)).sort();
    expect(views.rows.map((view) => view.name)).toEqual(tables);
    // A fresh database starts each projection's tables at its code's schema version.
    const versionOf = new Map(PROJECTIONS.flatMap((projection) => Object.keys(projection.tables).map((table) => [table, projection.version])));
    for (const view of views.rows) expect(view.def).toContain(`${view.name}_v${versionOf.get(view.name)}`);
    const live = await fixture.pool.query('SELECT projection, version FROM projection_live ORDER BY projection');
    expect(live.rows).toEqual(PROJECTIONS.map((projection) => ({ projection: projection.name, version: projection.version })).sort((a, b) => a.projection.localeCompare(b.projection)));
  });
});

describe('startProjections', () => {
  it('rebuilds a projection whose live version is older than its code before following the store', async () => {
    const day = { studio: 'pochta', date: '2030-05-05' };
    const { position } = await fixture.store.appendToStream(`studio-day-${day.studio}-${day.date}`, [
      event('SlotsReserved', { ...day, cells: ['15:00'], bookingId: 'r1', occupant: { phone: '79990001122' } }),
    ]);
    const running = await startProjections({
      store: fixture.store,
      pool: fixture.pool,
      redis,
      channelPrefix: `test:${randomUUID()}:`,
      projections: [{ ...calendarProjection, version: calendarProjection.version + 1 }],
    });
    try {
      await eventually(async () => (await checkpointOf(fixture.pool, 'calendar'))?.version === calendarProjection.version + 1);
      await caughtUp(fixture.pool, 'calendar', position);
      const { rows } = await fixture.pool.query(`SELECT cell, customer_phone FROM calendar_cells`);
      expect(rows).toEqual([{ cell: '15:00', customer_phone: '79990001122' }]);
      expect((await fixture.pool.query(`SELECT to_regclass('calendar_cells_v${calendarProjection.version}') IS NULL AS gone`)).rows[0].gone).toBe(true);
    } finally {
      await running.stop();
    }
  });

  it('refuses to start, and leaves the read model alone, when the live version is newer than its code', async () => {
    // The previous test left calendar one version ahead of its code.
    const views = async () => (await fixture.pool.query(`SELECT definition FROM pg_views WHERE viewname = 'calendar_cells'`)).rows[0].definition;
    const before = { view: await views(), checkpoint: await checkpointOf(fixture.pool, 'calendar') };
    expect(before.checkpoint?.version).toBe(calendarProjection.version + 1);
    const started = startProjections({
      store: fixture.store,
      pool: fixture.pool,
      redis,
      channelPrefix: `test:${randomUUID()}:`,
      projections: [calendarProjection],
      runner: { lockRetryMs: 50, log: () => undefined },
    });
    try {
      await expect(started).rejects.toThrow(
        `Projection calendar: live version ${calendarProjection.version + 1} is newer than this code's ${calendarProjection.version}: refusing to run; deploy the newer code`,
      );
    } finally {
      await started.then((running) => running.stop(), () => undefined);
    }
    expect(await views()).toBe(before.view);
    expect(await checkpointOf(fixture.pool, 'calendar')).toEqual(before.checkpoint);
  });
});
