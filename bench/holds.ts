// Section (b): holds on one studio day under contention, over HTTP. 50 clients, each on its own
// keep-alive connection, hold 1-4 random adjacent cells of the same day in a loop; an accepted hold
// is released right away, so the day never fills up and every request really races the others.
// Ours is command-api over the event-sourced studio-day ledger. The baseline is the least a
// correct system could do: a bare Express handler inserting into a Postgres table whose
// `EXCLUDE USING gist` constraint refuses overlapping ranges (23P01 → 409), deleting on release.
// Concurrent overlapping inserts into such a table wait on each other's uncommitted rows and
// deadlock (40P01 after deadlock_timeout, 1 s), so the baseline also runs with the inserts of a
// day queued in process, as ours queues the commands of a stream: the faster of the two is the
// bar. All run in this process against the same server, in segments A-B-C-C-B-A so that the drift
// of a shared machine's load falls on all alike; afterwards each side is checked for overlaps.
import { randomUUID } from 'node:crypto';
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';
import { startCommandApi } from '@studio/command-api';
import { OPENING_CELLS, studioDayStream } from '@studio/domain';
import { createEventStore, type RecordedEvent } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { allClients } from './scope';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';
import { randomAdjacentCells } from '../e2e/kit';

const CLIENTS = 50;
const SEGMENT_MS = 5_000;
const WARMUP_MS = 1_000;
const ORDER = ['ours', 'bare', 'queued', 'queued', 'bare', 'ours'] as const;
const TARGET_RATIO = 0.5;


// Days and holds on the test clock, as in the suite: no figure depends on the real date.
const dayAhead = (days: number) => testClock.day(days);

/** A client keeps the visitor cookie its first hold gave it, as a browser does: only the holder may release a hold. */
function call(agent: Agent, url: string, method: string, body?: unknown, jar: { cookie?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(jar.cookie ? { cookie: jar.cookie } : {}) };
    const req = request(url, { method, agent, headers }, (res) => {
      const visitor = res.headers['set-cookie']?.find((c) => c.startsWith('visitor='));
      if (visitor) jar.cookie = visitor.split(';')[0];
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        // An error page is counted by its status, not parsed.
        const json = res.headers['content-type']?.startsWith('application/json') ? (JSON.parse(text) as Record<string, unknown>) : {};
        resolve({ status: res.statusCode ?? 0, body: json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

interface Figures {
  ms: number;
  accepted: number;
  slotTaken: number;
  lostRaces: number;
  other: number;
  latencies: number[];
}

const noFigures = (): Figures => ({ ms: 0, accepted: 0, slotTaken: 0, lostRaces: 0, other: 0, latencies: [] });

/** The same client loop for both sides: hold, and release what was held. */
async function drive(base: string, date: string, durationMs: number, figures: Figures): Promise<void> {
  const until = Date.now() + durationMs;
  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const jar: { cookie?: string } = {};
    try {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await call(agent, `${base}/api/holds`, 'POST', { studio: 'pochta', date, cells: randomAdjacentCells() }, jar);
        figures.latencies.push(performance.now() - started);
        if (res.status === 201) {
          figures.accepted++;
          await call(agent, `${base}/api/holds/${String(res.body.holdId)}?studio=pochta&date=${date}`, 'DELETE', undefined, jar);
        } else if (res.status === 409 && res.body.code === 'slot_taken') figures.slotTaken++;
        else if (res.status === 409) figures.lostRaces++;
        else figures.other++;
      }
    } finally {
      agent.destroy();
    }
  };
  await allClients(CLIENTS, client);
  figures.ms += durationMs;
}

/** Commands decided per second: every hold request plus the release of each accepted one. */
const commandsPerSecond = (f: Figures) => (f.accepted + f.slotTaken + f.lostRaces + f.other + f.accepted) / (f.ms / 1000);

function print(label: string, f: Figures) {
  const seconds = f.ms / 1000;
  const holds = f.accepted + f.slotTaken + f.lostRaces + f.other;
  const conflicts = f.slotTaken + f.lostRaces;
  const { p50, p99 } = latencyPercentiles(f.latencies);
  console.log(`  ${label}, ${CLIENTS} clients on one day, ${seconds} s:`);
  console.log(`    commands decided (holds + releases) ${commandsPerSecond(f).toFixed(0)}/s; hold requests ${holds}, accepted ${f.accepted} = ${(f.accepted / seconds).toFixed(1)}/s`);
  console.log(`    conflicts (409) ${conflicts} = ${((100 * conflicts) / Math.max(1, holds)).toFixed(1)}% (slot_taken ${f.slotTaken}, other 409s: lost races / deadlocks ${f.lostRaces}), other statuses ${f.other}`);
  console.log(`    hold latency p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
}

/**
 * Replays the day's stream on a ledger of its own (not the decider under test): a cell may be
 * taken only while nobody holds or books it.
 */
function ledgerOverlaps(events: readonly RecordedEvent[]): number {
  const owners = new Map<string, string>();
  let overlaps = 0;
  const take = (cells: string[], owner: string) => {
    for (const cell of cells) {
      if (owners.has(cell)) overlaps++;
      owners.set(cell, owner);
    }
  };
  const free = (cells: string[], owner: string) => {
    for (const cell of cells) if (owners.get(cell) === owner) owners.delete(cell);
  };
  for (const { type, data } of events) {
    const d = data as { cells: string[]; holdId?: string; bookingId?: string };
    if (type === 'SlotsHeld') take(d.cells, `hold:${d.holdId}`);
    else if (type === 'SlotsReserved') take(d.cells, `booking:${d.bookingId}`);
    else if (type === 'HoldReleased') free(d.cells, `hold:${d.holdId}`);
    else if (type === 'BookingReleased') free(d.cells, `booking:${d.bookingId}`);
    else if (type === 'HoldConfirmed') {
      free(d.cells, `hold:${d.holdId}`);
      take(d.cells, `booking:${d.bookingId}`);
    }
  }
  return overlaps;
}

const bareDdl = (table: string) => /* sql */ `
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TABLE ${table} (
  hold_id uuid PRIMARY KEY,
  studio text NOT NULL,
  date date NOT NULL,
  cells int4range NOT NULL,
  EXCLUDE USING gist (studio WITH =, date WITH =, cells WITH &&)
);`;

/** Runs `work` after the previous work of the same key: the baseline's copy of ours' per-stream queue. */
function queue() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    return run;
  };
}

/** The baseline: insert a range of half-hour cell indexes, let the constraint refuse overlaps. */
async function startBare(pool: pg.Pool, table: string, queued: boolean): Promise<{ base: string; close: () => Promise<void> }> {
  await pool.query(bareDdl(table));
  const perDay = queued ? queue() : <T>(_: string, work: () => Promise<T>) => work();
  const app = express();
  app.use(express.json());
  app.post('/api/holds', async (req, res) => {
    const { studio, date, cells } = req.body as { studio: string; date: string; cells: string[] };
    const indexes = cells.map((cell) => OPENING_CELLS.indexOf(cell)).sort((a, b) => a - b);
    if (indexes.length === 0 || indexes[0]! < 0 || indexes.some((n, i) => n !== indexes[0]! + i)) {
      res.status(400).json({ success: false, error: 'cells', code: 'invalid_cells' });
      return;
    }
    const holdId = randomUUID();
    try {
      const insert = `INSERT INTO ${table} (hold_id, studio, date, cells) VALUES ($1, $2, $3, int4range($4, $5))`;
      await perDay(`${studio}/${date}`, () => pool.query(insert, [holdId, studio, date, indexes[0], indexes.at(-1)! + 1]));
      res.status(201).json({ success: true, holdId });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '23P01') res.status(409).json({ success: false, error: 'Выбранное время уже занято', code: 'slot_taken' });
      // Two overlapping inserts each wait for the other's transaction: Postgres aborts one after deadlock_timeout.
      else if (code === '40P01') res.status(409).json({ success: false, error: 'Конфликт, повторите', code: 'deadlock' });
      else throw error;
    }
  });
  app.delete('/api/holds/:holdId', async (req, res) => {
    const { rowCount } = await pool.query(`DELETE FROM ${table} WHERE hold_id = $1`, [req.params.holdId]);
    res.json({ success: true, released: rowCount === 1 });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function bareOverlaps(pool: pg.Pool, table: string): Promise<{ overlaps: number; rows: number }> {
  const { rows } = await pool.query<{ overlaps: number; rows: number }>(`
    SELECT (SELECT count(*)::int FROM ${table} a JOIN ${table} b
              ON a.hold_id < b.hold_id AND a.studio = b.studio AND a.date = b.date AND a.cells && b.cells) AS overlaps,
           (SELECT count(*)::int FROM ${table}) AS rows`);
  return rows[0]!;
}

export const holdsSection: BenchSection = {
  name: 'holds',
  title: `holds: ${CLIENTS} clients racing for one studio day over HTTP (accepted holds released at once), ours vs a bare EXCLUDE-constraint table`,
  async run({ redisPrefix, defer }) {
    const db = await createTestDatabase('bench_holds');
    defer(() => db.drop());
    const store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
    defer(() => store.close());
    // Same pool size as the event store's own pool (pg's default of 10).
    const barePool = new pg.Pool({ connectionString: db.url, max: 10 });
    defer(() => barePool.end());
    // All clients share one address and make thousands of holds: the bench measures the ledger,
    // so the per-IP hold rate limit is lifted out of its way. Its hold-expiry jobs and counters
    // live under the section's prefix, which the runner deletes.
    const api = await startCommandApi({ store, pool: barePool, redisUrl: TEST_REDIS_URL, port: 0, queuePrefix: redisPrefix, clock: testClock, holdRateLimit: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } });
    defer(() => api.close());
    const bare = await startBare(barePool, 'bare_holds', false);
    defer(() => bare.close());
    const queued = await startBare(barePool, 'queued_holds', true);
    defer(() => queued.close());
    const sides = { ours: `http://127.0.0.1:${api.port}`, bare: bare.base, queued: queued.base };
    const date = dayAhead(60);

    for (const side of ['ours', 'bare', 'queued'] as const) await drive(sides[side], date, WARMUP_MS, noFigures());
    const figures = { ours: noFigures(), bare: noFigures(), queued: noFigures() };
    for (const side of ORDER) await drive(sides[side], date, SEGMENT_MS, figures[side]);

    print('ours: command-api over the event-sourced studio-day ledger', figures.ours);
    print('baseline: bare Express + Postgres table with EXCLUDE USING gist', figures.bare);
    print('baseline, inserts of a day queued in process', figures.queued);
    const ours = commandsPerSecond(figures.ours);
    const bar = Math.max(commandsPerSecond(figures.bare), commandsPerSecond(figures.queued));
    const ratioTo = (f: Figures) => `${((100 * ours) / commandsPerSecond(f)).toFixed(0)}%`;
    console.log(`  ours / baseline, commands decided per second: ${ratioTo(figures.bare)} of the bare table, ${ratioTo(figures.queued)} of the queued one`);
    console.log(`  ours / the faster baseline: ${((100 * ours) / bar).toFixed(0)}% (target ≥ ${100 * TARGET_RATIO}%)${ours >= TARGET_RATIO * bar ? '' : ' BELOW TARGET'}`);

    const events = await store.readStream(studioDayStream('pochta', date));
    console.log(`  ours: overlaps: ${ledgerOverlaps(events)} (replayed the day's ${events.length} events)`);
    for (const table of ['bare_holds', 'queued_holds']) {
      const { overlaps, rows } = await bareOverlaps(barePool, table);
      console.log(`  baseline ${table}: overlaps: ${overlaps} (self-join over the ${rows} rows left)`);
    }
  },
};
