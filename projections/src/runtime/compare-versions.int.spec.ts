// rebuildProjection's comparison before the switch: inside the switch transaction the live version
// is brought to the rebuilt one's position and their tables compared; only equal ones switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, type Stack } from '@studio/e2e/kit';
import { eventually } from '@studio/platform/testing';
import { calendarProjection } from '../calendar/projection';
import { caughtUp, checkpointOf, event } from '../test-support';
import { rebuildProjection } from './rebuild';

let fixture: Stack;

const CELLS_SQL = `SELECT studio, date::text AS date, cell, state, booking_id, hold_id, customer_phone FROM calendar_cells ORDER BY studio, date, cell`;
const cells = async () => (await fixture.pool.query(CELLS_SQL)).rows;
const liveVersion = async () => (await checkpointOf(fixture.pool, 'calendar'))!.version;

async function reserve(date: string, cells: string[], bookingId: string): Promise<string> {
  const day = { studio: 'pochta', date };
  return (await fixture.store.appendToStream(`studio-day-pochta-${date}`, [event('SlotsReserved', { ...day, cells, bookingId, occupant: { phone: '79990001122' } })])).position;
}

beforeAll(async () => {
  fixture = await openStack({ name: 'compare', projections: [calendarProjection] });
  let head = '';
  for (let d = 1; d <= 9; d += 1) head = await reserve(`2030-04-0${d}`, ['10:00', '10:30'], `b${d}`);
  await caughtUp(fixture.pool, 'calendar', head);
});

afterAll(() => fixture?.stop());

describe('rebuildProjection with compare', () => {
  it('switches when the rebuilt version equals the live one, with events appended all the while', async () => {
    const from = await liveVersion();
    let appending = true;
    let appended = 0;
    const appender = (async () => {
      while (appending) {
        appended += 1;
        await reserve('2030-05-01', [`${String(10 + Math.floor(appended / 2)).padStart(2, '0')}:${appended % 2 ? '30' : '00'}`], `live${appended}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (appended >= 20) break;
      }
    })();
    const result = await rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: calendarProjection, batchSize: 3, compare: true });
    appending = false;
    await appender;
    expect(result).toMatchObject({ switched: true, previousVersion: from, version: from + 1 });
    expect(result.comparison).toEqual({ compared: true, equal: true, position: result.position, tables: [{ table: 'calendar_cells', onlyLive: 0, onlyRebuilt: 0 }] });

    const { position } = await fixture.store.appendToStream('studio-day-pochta-2030-05-02', [event('SlotsReserved', { studio: 'pochta', date: '2030-05-02', cells: ['20:00'], bookingId: 'after', occupant: {} })]);
    await caughtUp(fixture.pool, 'calendar', position);
    expect(await liveVersion()).toBe(from + 1);
    expect((await cells()).filter((row) => row.date === '2030-05-01')).toHaveLength(appended);
  });

  it('keeps the live version and drops the rebuilt one when a row of the rebuilt one was changed', async () => {
    const from = await liveVersion();
    const before = await cells();
    // The live runner's batch lock: the switch waits on it, and meanwhile a row of the new version is tampered with.
    const blocker = await fixture.pool.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT 1 FROM projection_live WHERE projection = 'calendar' FOR SHARE`);
    const rebuilding = rebuildProjection({ store: fixture.store, pool: fixture.pool, projection: calendarProjection, compare: true });
    try {
      await eventually(async () => {
        const { rows } = await fixture.pool.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%projection_live%FOR UPDATE%' AND datname = current_database()`);
        return rows.length === 1;
      });
      await fixture.pool.query(`UPDATE calendar_cells_v${from + 1} SET customer_phone = '70000000000' WHERE date = '2030-04-03' AND cell = '10:00'`);
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
    const result = await rebuilding;

    expect(result).toMatchObject({ switched: false, previousVersion: from, version: from });
    expect(result.comparison).toMatchObject({ compared: true, equal: false, tables: [{ table: 'calendar_cells', onlyLive: 1, onlyRebuilt: 1 }] });
    expect(await liveVersion()).toBe(from);
    expect((await fixture.pool.query(`SELECT to_regclass('calendar_cells_v${from + 1}') IS NULL AS dropped`)).rows[0].dropped).toBe(true);
    expect(await cells()).toEqual(before);
    // The live runner goes on with the version it kept.
    const position = await reserve('2030-05-03', ['12:00'], 'kept');
    await caughtUp(fixture.pool, 'calendar', position);
    expect((await cells()).some((row) => row.booking_id === 'kept')).toBe(true);
  });
});
