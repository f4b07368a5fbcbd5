// Section (h): full rebuilds of the calendar projection over 1,000,000 events and of the statistics
// one (see PROJECTIONS), each against one over a tenth as many in the same process: time, events per
// second, and the peaks of RSS and heap, which must not grow with the number of events (the
// rebuild streams page by page). Each size gets its own throwaway database, its studio-day ledgers
// and booking streams written straight into the event store's tables
// (projections/src/calendar/generated-ledgers.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { STUDIOS } from '@studio/domain';
import { createPool, createPostgresEventStore } from '@studio/platform';
import { createTestDatabase } from '@studio/platform/testing';
import { findProjection, rebuildProjection, type AnyProjection } from '@studio/projections';
import { LEDGER_EVENTS_PER_DAY, seedStudioDayLedgers } from '../projections/src/calendar/generated-ledgers';
import { withScope } from './scope';
import type { BenchSection } from './sections';

const TARGET_EVENTS = 1_000_000;
const TARGET_SECONDS = 60;
/**
 * Read models rebuilt over the ledgers, those this branch has, each up to the largest store it is
 * rebuilt from, and once from a tenth of it to compare; both rebuild through their applyBatch.
 */
const PROJECTIONS: { name: string; largest: number }[] = [
  { name: 'calendar', largest: TARGET_EVENTS },
  { name: 'statistics', largest: TARGET_EVENTS },
];
/** The statistics rebuilt event by event (without their applyBatch) over this many events: the baseline their batched rebuild is set against. */
const EVENT_BY_EVENT = 10_000;

// A forced collection before each run, so one run's garbage does not count as the next one's heap,
// and every LIVE_HEAP_EVERY pages: the peak of heapUsed holds whatever garbage V8 has not yet
// collected (it lets more pile up over a longer run), the heap left after a collection is what
// the rebuild keeps.
const LIVE_HEAP_EVERY = 10;
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

interface Measured {
  events: number;
  seconds: number;
  peakRss: number;
  peakHeap: number;
  heapBefore: number;
  /** The largest heap left after a forced collection during the run. */
  liveHeap: number;
}

async function measure(work: (onPage: () => void) => Promise<{ applied: number }>): Promise<Measured> {
  collectGarbage();
  const before = process.memoryUsage();
  let liveHeap = before.heapUsed;
  let pages = 0;
  const onPage = () => {
    if ((pages += 1) % LIVE_HEAP_EVERY) return;
    collectGarbage();
    liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
  };
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  let events: number;
  try {
    events = (await work(onPage)).applied;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  return { events, seconds, peakRss, peakHeap, heapBefore: before.heapUsed, liveHeap };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0).padStart(4)} MB`;

function print(name: string, m: Measured) {
  console.log(
    `  ${name.padEnd(11)} ${String(m.events).padStart(9)} events  ${m.seconds.toFixed(1).padStart(6)} s  ${(m.events / m.seconds).toFixed(0).padStart(7)} events/s` +
      `  peak RSS ${mb(m.peakRss)}  peak heap ${mb(m.peakHeap)} (+${mb(m.peakHeap - m.heapBefore).trim()} over the start)  live heap ${mb(m.liveHeap)}`,
  );
}

/** Each size on a database of its own, dropped before the next is seeded. */
function rebuildAll(events: number, projections: AnyProjection[], label = ''): Promise<Map<string, Measured>> {
  return withScope(async (defer) => {
    const database = await createTestDatabase('bench_rebuild');
    defer(() => database.drop());
    const pool = createPool(database.url, 4, { PG_STATEMENT_TIMEOUT_MS: 0, PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0, PG_CONNECT_TIMEOUT_MS: 0 });
    // Dropping the database at the end terminates idle clients: expected, not a crash.
    pool.on('error', () => undefined);
    defer(() => pool.end());
    const store = await createPostgresEventStore({ pool });
    defer(() => store.close());
    const results = new Map<string, Measured>();
    const seedStarted = performance.now();
    const seeded = await seedStudioDayLedgers(pool, events);
    console.log(`  seeded ${seeded} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; 1-min load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
    for (const projection of projections) {
      const measured = await measure((onPage) => rebuildProjection({ store, pool, projection, onProgress: onPage }));
      print(`${projection.name}${label}`, measured);
      results.set(projection.name, measured);
    }
    return results;
  });
}

async function run() {
  const projections = PROJECTIONS.flatMap(({ name, largest }) => {
    const projection = findProjection(name);
    return projection ? [{ projection, largest }] : [];
  });
  console.log(`  projections: ${projections.map((p) => p.projection.name).join(', ')}; ${LEDGER_EVENTS_PER_DAY} events per studio day (ledger and bookings), ${STUDIOS.length} studios`);
  const sizes = [...new Set(projections.flatMap(({ largest }) => [largest / 10, largest]))].sort((a, b) => a - b);
  const measured = new Map<number, Map<string, Measured>>();
  for (const size of sizes) {
    measured.set(size, await rebuildAll(size, projections.filter(({ largest }) => largest >= size).map(({ projection }) => projection)));
  }
  for (const { projection, largest } of projections) {
    const m = measured.get(largest)!.get(projection.name)!;
    const base = measured.get(largest / 10)!.get(projection.name)!;
    const growth = (m.peakHeap - m.heapBefore) / (base.peakHeap - base.heapBefore);
    const verdict = largest < TARGET_EVENTS ? `not run at ${TARGET_EVENTS}` : m.seconds < TARGET_SECONDS ? 'met' : 'MISSED';
    console.log(
      `  ${projection.name}: ${(m.events / base.events).toFixed(0)}x the events; live heap ${(m.liveHeap / base.liveHeap).toFixed(2)}x the ${base.events}-event rebuild's,` +
        ` peak heap growth ${growth.toFixed(2)}x, peak RSS ${mb(m.peakRss).trim()} vs ${mb(base.peakRss).trim()}; ${TARGET_EVENTS} events in < ${TARGET_SECONDS} s: ${verdict}`,
    );
  }
  const statistics = findProjection('statistics');
  const batched = measured.get(TARGET_EVENTS)?.get('statistics');
  if (statistics && batched) {
    const byEvent = (await rebuildAll(EVENT_BY_EVENT, [{ ...statistics, applyBatch: undefined }], ' 1 by 1')).get('statistics')!;
    console.log(`  statistics: the batched rebuild of ${batched.events} events applies ${(batched.events / batched.seconds / (byEvent.events / byEvent.seconds)).toFixed(1)}x the events/s of the event-by-event one`);
  }
  console.log(`  1-min load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
}

export const rebuildSection: BenchSection = {
  name: 'rebuild',
  title: 'rebuilds over up to 1,000,000 events: time, events/s, peak memory vs a tenth of them',
  run,
};
