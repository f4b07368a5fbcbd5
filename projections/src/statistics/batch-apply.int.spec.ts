import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIOS, type StatisticsTables } from '@studio/domain';
import { createKysely, type RecordedEvent } from '@studio/platform';
import { cellsFrom, openStack, storyEvents, type BookingStory, type Stack, type StoryEvent } from '@studio/e2e/kit';
import { seedStudioDayLedgers } from '../calendar/generated-ledgers';
import { ensureProjectionTables } from '../runtime/bookkeeping';
import { versionedTable } from '../runtime/definition';
import { buildInBatches, recordedOf, seededRandom } from '../test-support';
import { statisticsProjection } from './projection';

let fixture: Stack;
let next = 100;

beforeAll(async () => {
  fixture = await openStack({ name: 'statbatch' });
  await ensureProjectionTables(createKysely(fixture.pool), [statisticsProjection]);
});

afterAll(() => fixture?.stop());

const build = (events: readonly RecordedEvent[], size: number, bulk: boolean) => buildInBatches(fixture.pool, statisticsProjection, (next += 1), events, size, bulk);

/** Every row of every table of a version, as Postgres prints it: rows with zeros and the projection's own state included. */
async function tablesOf(version: number) {
  const tables: Record<string, string[]> = {};
  for (const table of Object.keys(statisticsProjection.tables) as (keyof StatisticsTables)[]) {
    const { rows } = await fixture.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${versionedTable(table, version)} t ORDER BY 1`);
    tables[table] = rows.map(({ row }) => row);
  }
  return tables;
}

/**
 * Bookings of every kind over a few days of three studios, by a handful of returning clients:
 * paid in one or two parts, with failed payments, lapsed, moved (to another day or hour),
 * cancelled with refunds that go through, fail or stay pending, staff ones paid by transfer and
 * technical ones; their streams interleaved at random, each told in its own order.
 */
function randomHistory(count: number, seed: number): RecordedEvent[] {
  const pick = seededRandom(seed);
  const dates = ['2031-05-01', '2031-05-02', '2031-05-03', '2031-06-10'];
  const phones = ['79130000001', '79130000002', '89130000003', '79130000004'];
  const services = [
    { serviceId: 's-bg', name: 'Фон', price: 50_000 },
    { serviceId: 's-mua', name: 'Визажист', price: 150_000 },
    { serviceId: 's-mua', name: 'Визажист и стилист', price: 200_000 },
  ];
  const range = () => {
    const start = 10 + pick(10);
    return cellsFrom(`${start}:00`, `${start + 1 + pick(3)}:${pick(2) ? '30' : '00'}`);
  };
  const stories: StoryEvent[][] = [];
  for (let i = 0; i < count; i += 1) {
    const by = (['guest', 'guest', 'guest', 'staff', 'technical'] as const)[pick(5)]!;
    const total = 100_000 * (1 + pick(8));
    const days = [{ date: dates[pick(dates.length)]!, cells: range() }];
    if (pick(5) === 0) days.push({ date: dates[pick(dates.length)]!, cells: range() });
    const paid = by === 'technical' ? [] : [{ amount: total }, { amount: total / 2 }, { amount: total / 2, failed: true }].slice(0, pick(3));
    const story: BookingStory = {
      id: `b${i}`,
      studio: STUDIOS[pick(3)]!,
      by,
      phone: by === 'technical' ? '' : phones[pick(phones.length)]!,
      days: days.filter((day, n) => days.findIndex((other) => other.date === day.date) === n),
      format: (['self', 'with_photographer', 'event'] as const)[pick(3)],
      services: Array.from({ length: pick(4) }, () => services[pick(services.length)]!),
      total,
      payments: pick(6) === 0 ? [{ amount: total, failed: true }, ...paid] : paid,
      lapsed: by === 'guest' && pick(6) === 0,
      ...(pick(4) === 0 ? { movedTo: { date: dates[pick(dates.length)]!, cells: range() } } : {}),
      canceled: pick(4) === 0,
      refunds: Array.from({ length: pick(3) }, () => ({ amount: 50_000, outcome: (['succeeded', 'canceled', 'pending'] as const)[pick(3)]! })),
    };
    if (story.lapsed) story.payments = [];
    if (story.refunds!.length && !story.payments.some((payment) => !payment.failed)) story.refunds = [];
    stories.push(storyEvents(story));
  }
  const merged: StoryEvent[] = [];
  for (let left = stories.filter((story) => story.length); left.length; left = left.filter((story) => story.length)) {
    merged.push(left[pick(left.length)]!.shift()!);
  }
  return recordedOf(merged);
}

// Hundreds to thousands of events projected twice per test: tens of seconds beside other files on two cores.
describe('statistics: batched apply', { timeout: 120_000 }, () => {
  it('leaves exactly the rows of the event-by-event apply, on a random history in batches of any size', async () => {
    const events = randomHistory(150, 20_310_501);
    const reference = await tablesOf((await build(events, 50, false)).version);
    expect(reference.statistics_days!.length).toBeGreaterThan(10);
    expect(reference.statistics_first_visits!.length).toBeGreaterThan(3);
    expect(reference.statistics_services!.length).toBeGreaterThan(10);
    expect(reference.statistics_money!.some((row) => row.startsWith('(refund'))).toBe(true);
    for (const size of [1, 7, 200, events.length]) {
      const batched = await build(events, size, true);
      expect(await tablesOf(batched.version), `batches of ${size}`).toEqual(reference);
      expect(batched.changes).toEqual([]);
    }
  });

  it('leaves exactly the rows of the event-by-event apply over the generated studio days the rebuild bench replays', async () => {
    await seedStudioDayLedgers(fixture.pool, 10_000);
    const events: RecordedEvent[] = [];
    for (let page = await fixture.store.readAll({ limit: 5000 }); page.length; page = await fixture.store.readAll({ after: page.at(-1)!.position, limit: 5000 })) {
      events.push(...page);
    }
    const reference = await tablesOf((await build(events, 500, false)).version);
    expect(reference.statistics_bookings!.length).toBeGreaterThan(1000);
    expect(await tablesOf((await build(events, 3000, true)).version)).toEqual(reference);
  });
});
