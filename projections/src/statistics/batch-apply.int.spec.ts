import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, type RecordedEvent } from '@studio/platform';
import { openStack, randomBookingEvents, type Stack } from '@studio/e2e/kit';
import { seedStudioDayLedgers } from '../calendar/generated-ledgers';
import { ensureProjectionTables } from '../runtime/bookkeeping';
import { buildInBatches, recordedOf, seededRandom, tablesOf } from '../test-support';
import { statisticsProjection } from './projection';

let fixture: Stack;
let next = 100;

beforeAll(async () => {
  fixture = await openStack({ name: 'statbatch' });
  await ensureProjectionTables(createKysely(fixture.pool), [statisticsProjection]);
});

afterAll(() => fixture?.stop());

const build = (events: readonly RecordedEvent[], size: number, bulk: boolean) => buildInBatches(fixture.pool, statisticsProjection, (next += 1), events, size, bulk);

const tablesOfVersion = (version: number) => tablesOf(fixture.pool, statisticsProjection, version);

// Hundreds to thousands of events projected twice per test: tens of seconds beside other files on two cores.
describe('statistics: batched apply', { timeout: 120_000 }, () => {
  it('leaves exactly the rows of the event-by-event apply, on a random history in batches of any size', async () => {
    const events = recordedOf(randomBookingEvents(150, seededRandom(20_310_501)));
    const reference = await tablesOfVersion((await build(events, 50, false)).version);
    expect(reference.statistics_days!.length).toBeGreaterThan(10);
    expect(reference.statistics_first_visits!.length).toBeGreaterThan(3);
    expect(reference.statistics_services!.length).toBeGreaterThan(10);
    expect(reference.statistics_money!.some((row) => row.startsWith('(refund'))).toBe(true);
    for (const size of [1, 7, 200, events.length]) {
      const batched = await build(events, size, true);
      expect(await tablesOfVersion(batched.version), `batches of ${size}`).toEqual(reference);
      expect(batched.changes).toEqual([]);
    }
  });

  it('leaves exactly the rows of the event-by-event apply over the generated studio days the rebuild bench replays', async () => {
    await seedStudioDayLedgers(fixture.pool, 10_000);
    const events: RecordedEvent[] = [];
    for (let page = await fixture.store.readAll({ limit: 5000 }); page.length; page = await fixture.store.readAll({ after: page.at(-1)!.position, limit: 5000 })) {
      events.push(...page);
    }
    const reference = await tablesOfVersion((await build(events, 500, false)).version);
    expect(reference.statistics_bookings!.length).toBeGreaterThan(1000);
    expect(await tablesOfVersion((await build(events, 3000, true)).version)).toEqual(reference);
  });
});
