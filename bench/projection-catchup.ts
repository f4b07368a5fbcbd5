// Section: a burst of 5,000 events across studio days (ledgers and their checkouts' booking
// streams, as the rebuild bench generates them) appended as fast as the store takes them, then the
// live runners of the calendar, statistics and clients started from their checkpoints: how fast
// each catches up. Batched (what the runner does: whatever is pending, up to its batch size,
// through the projection's applyBatch) against event by event (the runner before, the baseline),
// in the same process on the same events. docs/performance.md.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type pg from 'pg';
import { createKysely, createPool, createPostgresEventStore, type EventStore, type RecordedEvent } from '@studio/platform';
import { createTestDatabase } from '@studio/platform/testing';
import { ensureReadModels, findProjection, type AnyProjection } from '@studio/projections';
import { seedStudioDayLedgers } from '../projections/src/calendar/generated-ledgers';
import { startProjectionRunner } from '../projections/src/runtime/runner';
import { withScope } from './scope';
import type { BenchSection } from './sections';

const EVENTS = 5_000;
/** Appends in flight at once (each stream's in its order): what many customers at once look like. */
const APPENDS_IN_FLIGHT = 16;
const TARGETS: Record<string, number> = { calendar: 10_000, statistics: 5_000, clients: 5_000 };
const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;

/** The burst: the first EVENTS events of generated studio days, read back from a scratch store. */
function generatedEvents(): Promise<RecordedEvent[]> {
  return withScope(async (defer) => {
    const database = await createTestDatabase('bench_catchup_src');
    defer(() => database.drop());
    const pool = createPool(database.url, 2);
    pool.on('error', () => undefined);
    defer(() => pool.end());
    const store = await createPostgresEventStore({ pool });
    defer(() => store.close());
    await seedStudioDayLedgers(pool, EVENTS);
    return store.readAll({ limit: EVENTS });
  });
}

/** Appends every event, APPENDS_IN_FLIGHT at a time, each after its stream's previous one; resolves with the last position. */
async function appendBurst(store: EventStore, events: readonly RecordedEvent[]): Promise<string> {
  const streamTails = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<unknown>>();
  let last = '';
  for (const e of events) {
    if (inFlight.size >= APPENDS_IN_FLIGHT) await Promise.race(inFlight);
    const append = (streamTails.get(e.streamName) ?? Promise.resolve())
      .then(() => store.appendToStream(e.streamName, [{ id: e.id, type: e.type, data: e.data, metadata: e.metadata }], { expectedRevision: 'any' }))
      .then((result) => {
        if (result.position > last) last = result.position;
      });
    streamTails.set(e.streamName, append);
    inFlight.add(append);
    const done = () => inFlight.delete(append);
    append.then(done, done);
  }
  await Promise.all(inFlight);
  return last;
}

const checkpoints = async (pool: pg.Pool) =>
  new Map(
    (
      await sql<{ projection: string; position: string | null }>`
        SELECT c.projection, c.position FROM projection_checkpoints c JOIN projection_live l USING (projection, version)`.execute(createKysely(pool))
    ).rows.map((row) => [row.projection, row.position]),
  );

/** On a fresh database: the burst appended, then the runners started; seconds until each is at the last event. */
function catchUp(events: readonly RecordedEvent[], projections: AnyProjection[], label: string): Promise<Map<string, number>> {
  return withScope(async (defer) => {
    const database = await createTestDatabase('bench_catchup');
    defer(() => database.drop());
    const pool = createPool(database.url, 10);
    // Dropping the database at the end terminates idle clients: expected, not a crash.
    pool.on('error', () => undefined);
    defer(() => pool.end());
    const store = await createPostgresEventStore({ pool });
    defer(() => store.close());
    await ensureReadModels(pool, projections);
    const appendStarted = performance.now();
    const last = await appendBurst(store, events);
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    console.log(`  ${label}: ${events.length} events appended in ${appendSeconds.toFixed(2)} s (${(events.length / appendSeconds).toFixed(0)}/s, ${APPENDS_IN_FLIGHT} in flight); ${load()}`);

    const db = createKysely(pool);
    const started = performance.now();
    const runners = projections.map((projection) => startProjectionRunner({ store, pool, db, projection, publish: async () => undefined, lockRetryMs: 50 }));
    defer(() => Promise.all(runners.map((runner) => runner.stop())));
    const seconds = new Map<string, number>();
    const deadline = started + 120_000;
    while (seconds.size < projections.length) {
      if (performance.now() > deadline) throw new Error(`${label}: not caught up in 120 s (${projections.filter((p) => !seconds.has(p.name)).map((p) => p.name).join(', ')})`);
      const now = performance.now();
      for (const [name, position] of await checkpoints(pool)) {
        if (!seconds.has(name) && position !== null && position >= last) seconds.set(name, (now - started) / 1000);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return seconds;
  });
}

async function run() {
  const projections = Object.keys(TARGETS).map((name) => findProjection(name)!);
  const events = await generatedEvents();
  console.log(`  ${events.length} events over ${new Set(events.map((e) => e.streamName)).size} streams (studio days and their bookings); ${load()}`);
  // The baseline first, so whatever the machine's load does over the run does not favour it.
  const byEvent = await catchUp(events, projections.map((projection) => ({ ...projection, applyBatch: undefined })), 'event by event (baseline)');
  const batched = await catchUp(events, projections, 'batched (the runner)');
  console.log(`  ${'read model'.padEnd(11)} ${'batched'.padStart(16)} ${'event by event'.padStart(18)}   speed-up   target`);
  for (const { name } of projections) {
    const rate = events.length / batched.get(name)!;
    const base = events.length / byEvent.get(name)!;
    const target = TARGETS[name]!;
    console.log(
      `  ${name.padEnd(11)} ${rate.toFixed(0).padStart(9)} events/s ${base.toFixed(0).padStart(11)} events/s   ${(rate / base).toFixed(1).padStart(6)}x   ≥ ${target} events/s: ${rate >= target ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`  ${load()}`);
}

export const projectionCatchupSection: BenchSection = {
  name: 'projection-catchup',
  title: 'live runners catching up on a burst of 5,000 events: batched vs event by event',
  run,
};
