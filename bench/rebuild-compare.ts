// Section: what the comparison before the switch costs a rebuild (the operators' console and
// `npm run projections:rebuild` both compare). A calendar of 20 000 studio-day events (holds,
// confirmations, releases over 500 days) is rebuilt with and without the comparison, A-B-B-A, in
// the same database; the comparison runs inside the switch transaction, which the live runner
// waits on, so its own time is what readers' freshness pays.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays } from '@studio/domain';
import { createKysely, createPool, createPostgresEventStore } from '@studio/platform';
import { createTestDatabase } from '@studio/platform/testing';
import { calendarProjection, ensureReadModels, rebuildProjection } from '@studio/projections';
import { readCheckpoint, readLive } from '../projections/src/runtime/bookkeeping';
import { compareBeforeSwitch } from '../projections/src/runtime/compare-versions';
import type { BenchSection, SectionScope } from './sections';

const DAYS = 500;
const EVENTS_PER_DAY = 40;
const ORDER = [false, true, true, false] as const;

async function run({ defer }: SectionScope): Promise<void> {
  const db = await createTestDatabase('bench_rebuild_compare');
  defer(() => db.drop());
  const pool = createPool(db.url, 4);
  defer(() => pool.end());
  const store = await createPostgresEventStore({ pool });
  defer(() => store.close());
  await ensureReadModels(pool, [calendarProjection]);
  for (let d = 0; d < DAYS; d++) {
    const day = { studio: 'pochta', date: addDays('2040-01-01', d) };
    const events = Array.from({ length: EVENTS_PER_DAY / 2 }, (_, i) => {
      const cell = `${String(10 + (i % 12)).padStart(2, '0')}:${i < 12 ? '00' : '30'}`;
      const holdId = randomUUID();
      const held = { id: randomUUID(), type: 'SlotsHeld', data: { ...day, cells: [cell], holdId, bookingId: `b-${d}-${i}`, occupant: { phone: '79990001122' }, expiresAt: '2040-01-01T00:00:00Z' } };
      const settled = i % 3 === 0
        ? { id: randomUUID(), type: 'HoldReleased', data: { ...day, cells: [cell], holdId, reason: 'expired' } }
        : { id: randomUUID(), type: 'HoldConfirmed', data: { ...day, cells: [cell], holdId, bookingId: `b-${d}-${i}` } };
      return [held, settled];
    }).flat();
    await store.appendToStream(`studio-day-${day.studio}-${day.date}`, events);
  }
  // The first rebuild fills the live version.
  await rebuildProjection({ store, pool, projection: calendarProjection });
  const seconds: Record<'plain' | 'compared', number[]> = { plain: [], compared: [] };
  for (const compare of ORDER) {
    const started = performance.now();
    const result = await rebuildProjection({ store, pool, projection: calendarProjection, compare });
    seconds[compare ? 'compared' : 'plain'].push((performance.now() - started) / 1000);
    if (compare && !result.comparison?.equal) throw new Error('the rebuilt calendar differs from the live one');
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [plain, compared] = [mean(seconds.plain), mean(seconds.compared)];
  const rows = (await pool.query<{ n: string }>('SELECT count(*) AS n FROM calendar_cells')).rows[0]!.n;
  // The comparison alone, as the switch runs it: the live tables against a copy at the same position.
  const kysely = createKysely(pool);
  const live = (await readLive(kysely, 'calendar'))!;
  const position = await readCheckpoint(kysely, 'calendar', live.version);
  await pool.query(`CREATE TABLE calendar_cells_v999 AS SELECT * FROM calendar_cells_v${live.version}`);
  const compareMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await kysely.transaction().execute((trx) => compareBeforeSwitch(trx, { store, projection: calendarProjection, live, version: 999, position, batchSize: 1000 }));
    compareMs.push(performance.now() - started);
  }
  console.log(`  ${DAYS * EVENTS_PER_DAY} events, ${rows} calendar rows`);
  console.log(`  rebuild without comparison: ${plain.toFixed(2)} s (baseline)`);
  console.log(`  rebuild with comparison:    ${compared.toFixed(2)} s, ratio ${(compared / plain).toFixed(2)}`);
  console.log(`  the comparison alone (inside the switch, the live runner waiting): median ${compareMs.sort((a, b) => a - b)[2]!.toFixed(0)} ms over 5`);
}

export const rebuildCompareSection: BenchSection = { name: 'rebuild-compare', title: 'a rebuild with the comparison before the switch against one without', run };
