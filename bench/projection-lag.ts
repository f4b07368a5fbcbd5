// Section (c): how long an appended studio-day event takes to reach readers: the calendar row
// committed, the Redis change message, and a browser's socket.io `bookingChange`. Events go in at
// a steady ~200/s, each for its own studio day so every message maps back to one append.
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { addDays, bookingChange, CHANGES_CHANNEL, changeNoticeSchema, STUDIOS, type BookingChange, type CalendarTables } from '@studio/domain';
import { createPool, createPostgresEventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL } from '@studio/platform/testing';
import { calendarProjection, changesChannel, startProjections, type ProjectionDefinition } from '@studio/projections';
import { startQueryApi } from '@studio/query-api';
import type { BenchSection, SectionScope } from './sections';
import { latencyPercentiles } from './stats';

const RATE_PER_SECOND = 200;
const DURATION_SECONDS = 10;
const TARGET_P99_MS = 100;
const COMMIT_CHANNEL = 'bench_projection_lag';
// pg_notify payloads stop at 8000 bytes: at most this many comma-joined UUIDs per notification.
const IDS_PER_NOTIFY = 200;

/** A calendar apply that also sends a notification (delivered only on commit) naming the batch. */
const stamped =
  (apply: ProjectionDefinition<CalendarTables>['apply']): ProjectionDefinition<CalendarTables>['apply'] =>
  async (trx, events) => {
    const changes = await apply(trx, events);
    for (let i = 0; i < events.length; i += IDS_PER_NOTIFY) {
      const ids = events.slice(i, i + IDS_PER_NOTIFY).map((e) => e.id).join(',');
      await sql`SELECT pg_notify(${COMMIT_CHANNEL}, ${ids})`.execute(trx);
    }
    return changes;
  };

/** The live calendar projection, its batches stamped whichever way the runner applies them. */
const stampedCalendar: ProjectionDefinition<CalendarTables> = {
  ...calendarProjection,
  apply: stamped(calendarProjection.apply),
  applyBatch: stamped(calendarProjection.applyBatch!),
};

const dayOf = (i: number) => addDays('2040-01-01', i);

interface Stage {
  label: string;
  arrived: Map<string, number>;
  target?: number;
}

/** Lags from the append call (what a client waits) and from its acknowledgement (the store's commit). */
function report(stages: Stage[], sentAt: Map<string, number>, ackedAt: Map<string, number>, expected: number) {
  const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
  console.log(`  ${'stage'.padEnd(28)} arrived     from append call: p50 / p99        from append ack: p50 / p99`);
  for (const { label, arrived, target } of stages) {
    const fromCall = latencyPercentiles([...arrived].map(([id, at]) => at - sentAt.get(id)!));
    // The projection may finish before the client hears the ack: that is no lag at all.
    const fromAck = latencyPercentiles([...arrived].map(([id, at]) => Math.max(0, at - ackedAt.get(id)!)));
    const verdict = target === undefined ? '' : `  target p99 < ${target} ms: ${fromAck.p99 < target ? 'met' : 'MISSED'} (from ack), ${fromCall.p99 < target ? 'met' : 'MISSED'} (from call)`;
    console.log(
      `  ${label.padEnd(28)} ${String(arrived.size).padStart(5)}/${expected}  ${ms(fromCall.p50)} / ${ms(fromCall.p99)}      ${ms(fromAck.p50)} / ${ms(fromAck.p99)}${verdict}`,
    );
  }
}

async function run({ redisPrefix, defer }: SectionScope) {
  const database = await createTestDatabase('bench_lag');
  defer(() => database.drop());
  const pool = createPool(database.url, 10);
  const storePool = createPool(database.url, 10);
  // Dropping the database at the end terminates idle clients: expected, not a crash.
  for (const p of [pool, storePool]) {
    p.on('error', () => undefined);
    defer(() => p.end());
  }
  const store = await createPostgresEventStore({ pool: storePool });
  defer(() => store.close());
  const redis = new Redis(TEST_REDIS_URL);
  defer(() => redis.disconnect());
  const subscriber = new Redis(TEST_REDIS_URL);
  defer(() => subscriber.disconnect());
  const listener = new pg.Client({ connectionString: database.url });
  await listener.connect();
  defer(() => listener.end());
  const prefix = `${redisPrefix}:`;
  const total = RATE_PER_SECOND * DURATION_SECONDS;
  const sentAt = new Map<string, number>(); // event id → when its append was called
  const dayToId = new Map<string, string>();
  const visible = new Map<string, number>();
  const committed = new Map<string, number>();
  const published = new Map<string, number>();
  const pushed = new Map<string, number>();
  const ackedAt = new Map<string, number>();

  // What the store alone costs: when a plain subscriber of $all first sees each event.
  const watcher = store.subscribe({}, async (events) => {
    const now = performance.now();
    for (const e of events) visible.set(e.id, now);
  });
  defer(() => watcher.stop());
  const projections = await startProjections({ store, pool, redis, channelPrefix: prefix, projections: [stampedCalendar] });
  defer(() => projections.stop());
  const api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix: prefix, allowedOrigins: [] });
  defer(() => api.close());
  const socket = io(`http://127.0.0.1:${api.port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  defer(() => socket.close());
  // Listened for at once: the connection may complete while the other listeners are being set up.
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  await listener.query(`LISTEN ${COMMIT_CHANNEL}`);
  listener.on('notification', ({ payload }) => {
    const now = performance.now();
    for (const id of payload?.split(',') ?? []) committed.set(id, now);
  });
  await subscriber.subscribe(changesChannel(prefix));
  // A message is a change notice, its studio day in the payload, as query-api reads it.
  subscriber.on('message', (_channel, text: string) => {
    const now = performance.now();
    const notice = changeNoticeSchema.parse(JSON.parse(text));
    if (notice.event !== bookingChange.event) return;
    const id = dayToId.get(bookingChange.payload.parse(notice.payload).date);
    if (id) published.set(id, now);
  });
  socket.on(bookingChange.event, ({ date }: BookingChange) => {
    const now = performance.now();
    const id = dayToId.get(date);
    if (id) pushed.set(id, now);
  });
  await connected;

  console.log(`  appending ${total} SlotsHeld events at ${RATE_PER_SECOND}/s for ${DURATION_SECONDS} s (each on its own studio day)`);
  const started = performance.now();
  const appends: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const studio = STUDIOS[i % STUDIOS.length]!;
    const date = dayOf(i);
    const id = randomUUID();
    dayToId.set(date, id);
    const data = { studio, date, cells: ['10:00', '10:30'], holdId: `h${i}`, bookingId: `b${i}`, occupant: {}, expiresAt: '2040-01-01T00:00:00Z' };
    const at = performance.now();
    sentAt.set(id, at);
    appends.push(
      store.appendToStream(`studio-day-${studio}-${date}`, [{ id, type: 'SlotsHeld', data }], { expectedRevision: 'no_stream' }).then(() => {
        ackedAt.set(id, performance.now());
      }),
    );
  }
  await Promise.all(appends);
  const elapsed = (performance.now() - started) / 1000;
  const deadline = performance.now() + 10_000;
  while (pushed.size < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const load = loadavg()[0]!.toFixed(1);
  console.log(`  ${total} appends in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s), 1-min load average ${load} on ${availableParallelism()} cores`);
  const stages: Stage[] = [
    { label: 'append acknowledged', arrived: ackedAt },
    { label: '→ visible to a subscriber', arrived: visible },
    { label: '→ calendar row committed', arrived: committed, target: TARGET_P99_MS },
    { label: `→ Redis ${CHANGES_CHANNEL}`, arrived: published, target: TARGET_P99_MS },
    { label: '→ socket.io bookingChange', arrived: pushed, target: TARGET_P99_MS },
  ];
  report(stages, sentAt, ackedAt, total);
  // A stage that heard of fewer events than were appended measured nothing of the rest.
  const short = stages.filter(({ arrived }) => arrived.size < total);
  if (short.length) throw new Error(`events missing at ${short.map(({ label, arrived }) => `"${label}" (${arrived.size}/${total})`).join(', ')}`);
}

export const projectionLagSection: BenchSection = {
  name: 'projection-lag',
  title: 'append → read model → Redis → socket.io lag at ~200 appends/s',
  run,
};
