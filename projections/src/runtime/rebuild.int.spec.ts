import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarProjection } from '../calendar/projection';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { caughtUp, checkpointOf, event } from '../test-support';
import { ensureProjectionTables } from './bookkeeping';
import type { ProjectionDefinition } from './definition';
import { rebuildProjection, type RebuildProgress } from './rebuild';

let fixture: Stack;
/** The generation a fresh database starts the calendar at: its code's schema version. */
const FIRST = calendarProjection.version;

const CELLS_SQL = `SELECT studio, date::text AS date, cell, state, booking_id, hold_id, user_id, customer_phone, technical, expires_at
  FROM calendar_cells ORDER BY studio, date, cell`;
const cells = async () => (await fixture.pool.query(CELLS_SQL)).rows;
const exists = async (relation: string) => (await fixture.pool.query('SELECT to_regclass($1) IS NOT NULL AS ok', [relation])).rows[0].ok;

/** A month of holds, confirmations, expiries, staff reservations and cancellations. */
async function appendHistory(): Promise<string> {
  let position = '';
  for (let d = 1; d <= 28; d += 1) {
    const day = { studio: d % 2 ? 'pochta' : 'kirova', date: `2030-02-${String(d).padStart(2, '0')}` };
    const events = [
      event('SlotsHeld', { ...day, cells: ['10:00', '10:30'], holdId: `h${d}`, bookingId: `b${d}`, occupant: { userId: `u${d}` }, expiresAt: '2030-01-01T00:00:00Z' }),
      d % 2 === 0
        ? event('HoldConfirmed', { ...day, cells: ['10:00', '10:30'], holdId: `h${d}`, bookingId: `b${d}` })
        : event('HoldReleased', { ...day, cells: ['10:00', '10:30'], holdId: `h${d}`, reason: 'expired' }),
      event('SlotsReserved', { ...day, cells: ['12:00'], bookingId: `r${d}`, occupant: { phone: `7999000${d}` }, technical: d % 5 === 0 }),
      ...(d % 7 === 0 ? [event('BookingReleased', { ...day, cells: ['12:00'], bookingId: `r${d}`, reason: 'deleted' })] : []),
    ];
    ({ position } = await fixture.store.appendToStream(`studio-day-${day.studio}-${day.date}`, events));
  }
  return position;
}

beforeAll(async () => {
  fixture = await openStack({ name: 'proj', projections: [calendarProjection] });
});

afterAll(() => fixture?.stop());

describe('rebuildProjection', () => {
  it('replays into the next version, which matches the live one, then switches views and drops the old tables', async () => {
    const head = await appendHistory();
    await caughtUp(fixture.pool, 'calendar', head);
    const live = await cells();
    expect(live.length).toBeGreaterThan(20);

    const progress: RebuildProgress[] = [];
    const result = await rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: calendarProjection, batchSize: 10, onProgress: (p) => progress.push(p) });

    expect(result).toMatchObject({ previousVersion: FIRST, version: FIRST + 1, position: head });
    expect(progress.at(-1)).toMatchObject({ applied: result.applied, total: result.applied });
    expect(progress.length).toBeGreaterThan(5);
    expect(await cells()).toEqual(live);
    // Analysed before readers switch to it: a table filled in bulk and never analysed has reltuples -1.
    const { rows: stats } = await fixture.pool.query(`SELECT reltuples FROM pg_class WHERE relname = $1`, [`calendar_cells_v${FIRST + 1}`]);
    expect(stats[0].reltuples).toBe(live.length);
    expect((await fixture.pool.query(`SELECT pg_get_viewdef('calendar_cells') AS def`)).rows[0].def).toContain(`calendar_cells_v${FIRST + 1}`);
    expect(await checkpointOf(fixture.pool, 'calendar')).toEqual({ version: FIRST + 1, position: head });
    expect(await exists(`calendar_cells_v${FIRST}`)).toBe(false);
    expect((await fixture.pool.query(`SELECT version FROM projection_checkpoints WHERE projection = 'calendar'`)).rows).toEqual([{ version: FIRST + 1 }]);
  });

  it('loses no event appended while it runs, and the running runner follows the switch', async () => {
    const before = await cells();
    const day = { studio: 'masterskaya', date: '2030-03-01' };
    const grid = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30'];
    const appending = (async () => {
      for (const [i, cell] of grid.entries()) {
        await fixture.store.appendToStream(`studio-day-${day.studio}-${day.date}`, [event('SlotsReserved', { ...day, cells: [cell], bookingId: `live${i}`, occupant: {} })]);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    const result = await rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: calendarProjection, batchSize: 5 });
    await appending;
    expect(result.version).toBe(FIRST + 2);

    const { position } = await fixture.store.appendToStream(`studio-day-${day.studio}-${day.date}`, [
      event('SlotsReserved', { ...day, cells: ['20:00'], bookingId: 'after', occupant: {} }),
    ]);
    await caughtUp(fixture.pool, 'calendar', position);
    expect((await checkpointOf(fixture.pool, 'calendar'))?.version).toBe(FIRST + 2);
    const rows = await cells();
    const added = rows.filter((row) => row.studio === 'masterskaya');
    expect(added.map((row) => row.cell)).toEqual([...grid, '20:00']);
    expect(rows.filter((row) => row.studio !== 'masterskaya')).toEqual(before);
  });

  it('refuses to replace a newer live version with older code', async () => {
    const marks = (version: number): ProjectionDefinition<{ marks: { id: string } }> => ({
      name: 'marks',
      version,
      tables: { marks: (table) => [`CREATE TABLE IF NOT EXISTS ${table} (id text)`] },
      apply: async () => [],
    });
    await ensureProjectionTables(createKysely(fixture.pool), [marks(1)]);
    expect(await rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: marks(3) })).toMatchObject({ previousVersion: 1, version: 3 });

    await expect(rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: marks(2) })).rejects.toThrow(
      `Projection marks: live version 3 is newer than this code's 2: refusing to rebuild it with older code`,
    );
    expect(await checkpointOf(fixture.pool, 'marks')).toMatchObject({ version: 3 });
    expect((await fixture.pool.query(`SELECT pg_get_viewdef('marks') AS def`)).rows[0].def).toContain('marks_v3');
    expect(await exists('marks_v4')).toBe(false);
  });
});
