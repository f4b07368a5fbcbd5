// Section (a): what the event store's append costs over the cheapest possible write of the same
// row. Both sides write one event per call to a fresh stream, sequentially, on a fresh database.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPostgresEventStore, eventsTableDdl } from '@studio/platform';
import { createTestDatabase } from '@studio/platform/testing';
import type { BenchSection, SectionScope } from './sections';
import { latencyPercentiles } from './stats';

const APPENDS = 3_000;
const WARMUP = 200;
// Alternating chunks spread the machine's background noise evenly over both sides.
const CHUNK = 250;

// The adapter's own events table, minus the streams guard.
const RAW_TABLE = eventsTableDdl('raw_events');

const RAW_INSERT = `INSERT INTO raw_events (event_id, stream_name, stream_revision, type, data, metadata)
  VALUES ($1, $2, 0, $3, $4::jsonb, $5::jsonb)`;

function payload(i: number) {
  return { studio: 'pochta', date: '2026-11-23', cells: ['10:00', '10:30'], holdId: randomUUID(), n: i };
}

function summary(label: string, latencies: number[]) {
  const { p50, p99 } = latencyPercentiles(latencies);
  const total = latencies.reduce((sum, ms) => sum + ms, 0);
  const perSecond = (latencies.length / total) * 1000;
  console.log(
    `  ${label.padEnd(22)} ${String(latencies.length).padStart(5)} appends  ${perSecond.toFixed(0).padStart(6)}/s` +
      `  p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms`,
  );
  return perSecond;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function run({ defer }: SectionScope) {
  const db = await createTestDatabase('bench_append');
  defer(() => db.drop());
  const raw = new pg.Pool({ connectionString: db.url, max: 1 });
  defer(() => raw.end());
  const store = await createPostgresEventStore({ connectionString: db.url });
  defer(() => store.close());
  await raw.query(RAW_TABLE);
  const rawAppend = (i: number) =>
    raw.query({
      name: 'raw_insert',
      text: RAW_INSERT,
      values: [randomUUID(), `bench-raw-${i}`, 'HoldPlaced', JSON.stringify(payload(i)), '{}'],
    });
  const storeAppend = (i: number) =>
    store.appendToStream(`bench-store-${i}`, [{ id: randomUUID(), type: 'HoldPlaced', data: payload(i) }], {
      expectedRevision: 'no_stream',
    });

  for (let i = 0; i < WARMUP; i++) {
    await rawAppend(-1 - i);
    await storeAppend(-1 - i);
  }
  const rawLatencies: number[] = [];
  const storeLatencies: number[] = [];
  for (let from = 0; from < APPENDS; from += CHUNK) {
    for (let i = from; i < from + CHUNK; i++) rawLatencies.push(await timed(() => rawAppend(i)));
    for (let i = from; i < from + CHUNK; i++) storeLatencies.push(await timed(() => storeAppend(i)));
  }

  const rawRate = summary('raw pg INSERT loop', rawLatencies);
  const storeRate = summary('event store append', storeLatencies);
  const ratio = storeRate / rawRate;
  console.log(`  ratio ${(ratio * 100).toFixed(0)}% of raw (target >= 50%) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`);
}

export const appendSection: BenchSection = {
  name: 'append',
  title: 'event store appends vs raw INSERT (Postgres, single-event appends to distinct streams)',
  run,
};
