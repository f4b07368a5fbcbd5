// Section (d): the public calendar over HTTP. 20 keep-alive connections ask query-api for a
// 21-day range of a studio whose three weeks are half booked; the baseline is a bare Express
// handler in the same process running the very same SQL and returning the same JSON, so the
// ratio is what routing, validation, the read-position check and the error layer cost.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { addDays, OPENING_CELLS, tomskToday, type ReadModels } from '@studio/domain';
import { createKysely, createPool } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL } from '@studio/platform/testing';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from '@studio/query-api';
import { ANONYMOUS, buildCalendarDays } from '../query-api/src/calendar/calendar-days';
import { slotsQuery } from '../query-api/src/calendar/slots-query';
import type { BenchSection } from './sections';

const DAYS = 21;
const CONNECTIONS = 20;
/**
 * Each side gets this much in total, in short segments run A-B-B-A-A-B-B-A so the drift of a
 * shared machine's load falls on both sides alike.
 */
const DURATION_S = 10;
const ORDER = ['bare', 'api', 'api', 'bare', 'bare', 'api', 'api', 'bare'] as const;
const WARMUP_S = 2;
const TARGET_RATIO = 0.7;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; workers?: number }) => Promise<AutocannonResult>;
// autocannon ships no types; this is the slice of its programmatic API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Deterministic bookings of 1-4 cells with gaps, about half of each day taken. */
function* seedCells(start: string) {
  let n = 0;
  for (let day = 0; day < DAYS; day++) {
    const date = addDays(start, day);
    for (let i = (day * 3) % 4; i < OPENING_CELLS.length; ) {
      const length = 1 + ((n * 7 + day) % 4);
      const booking = `bench-${n++}`;
      for (const cell of OPENING_CELLS.slice(i, i + length)) {
        yield [date, cell, booking, n % 3 === 0 ? null : `user-${n % 50}`, `7999${String(1000000 + n).slice(-7)}`] as const;
      }
      i += length + 1 + (n % 3);
    }
  }
}

interface Segment {
  result: AutocannonResult;
  /** Main-thread (server) busy time per request: unlike req/s it barely moves with other load. */
  busyMsPerRequest: number;
}

async function load(url: string, duration: number): Promise<Segment> {
  const before = performance.eventLoopUtilization();
  // A worker thread fires the requests, so the load generator does not share the servers' event loop.
  const result = await autocannon({ url, connections: CONNECTIONS, duration, workers: 1 });
  const busy = performance.eventLoopUtilization(before);
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { result, busyMsPerRequest: busy.active / result.requests.total };
}

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  busyMsPerRequest: number;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Means of the segments; the worst segment's latency percentiles (percentiles cannot be merged exactly). */
const combine = (segments: Segment[]): Figures => ({
  reqPerSec: mean(segments.map((s) => s.result.requests.average)),
  p50: Math.max(...segments.map((s) => s.result.latency.p50)),
  p99: Math.max(...segments.map((s) => s.result.latency.p99)),
  busyMsPerRequest: mean(segments.map((s) => s.busyMsPerRequest)),
});

const line = (label: string, f: Figures) =>
  `  ${label.padEnd(14)} ${f.reqPerSec.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ` +
  `server busy ${f.busyMsPerRequest.toFixed(2)} ms/req`;

const verdict = (ratio: number) => `${(ratio * 100).toFixed(1)}% (target >= ${TARGET_RATIO * 100}%) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`;

export const slotsHttpSection: BenchSection = {
  name: 'slots-http',
  title: `GET /api/calendar/slots, ${DAYS}-day range, ${CONNECTIONS} connections: query-api vs a bare handler`,
  async run() {
    const database = await createTestDatabase('bench_slots');
    const pool = createPool(database.url, CONNECTIONS);
    // Dropping the database at the end terminates any client pg has not finished closing.
    pool.on('error', () => undefined);
    let api: Awaited<ReturnType<typeof startQueryApi>> | undefined;
    let bare: ReturnType<ReturnType<typeof express>['listen']> | undefined;
    try {
      await ensureReadModels(pool);
      const startDate = tomskToday(new Date());
      const endDate = addDays(startDate, DAYS - 1);
      const rows = [...seedCells(startDate)];
      await pool.query(
        `INSERT INTO calendar_cells (studio, date, cell, state, booking_id, user_id, customer_phone)
         SELECT 'pochta', d::date, c, 'booked', b, u, p FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(d, c, b, u, p)`,
        [0, 1, 2, 3, 4].map((k) => rows.map((row) => row[k])),
      );
      await pool.query(`INSERT INTO studio_prices (studio, price_id, hour_price, half_hour_price, created_at, updated_at) VALUES ('pochta', 'bench', 250000, 130000, now(), now())`);
      await pool.query('ANALYZE');
      console.log(`  seeded ${rows.length} booked cells over ${DAYS} days (${startDate}..${endDate})`);

      api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix: `bench-${process.pid}:`, logger: console, allowedOrigins: [] });

      // The same statement query-api sends, compiled once: the bare handler only runs and shapes it.
      const { sql, parameters } = slotsQuery(createKysely<ReadModels>(pool), 'pochta', startDate, endDate).compile();
      const bareApp = express();
      bareApp.set('etag', false);
      bareApp.get('/bare', async (_req, res) => {
        const result = await pool.query(sql, parameters as unknown[]);
        res.setHeader('Cache-Control', 'no-store');
        res.json({ success: true, data: buildCalendarDays(startDate, endDate, result.rows, ANONYMOUS) });
      });
      bare = bareApp.listen(0, '127.0.0.1');
      await new Promise((resolve) => bare!.once('listening', resolve));

      const apiUrl = `http://127.0.0.1:${api.port}/api/calendar/slots?startDate=${startDate}&endDate=${endDate}`;
      const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/bare`;
      const fromApi = await (await fetch(apiUrl)).text();
      const fromBare = await (await fetch(bareUrl)).text();
      if (fromApi !== fromBare) throw new Error('query-api and the bare handler answer different JSON');
      console.log(`  answer: ${(fromApi.length / 1024).toFixed(1)} KiB JSON, identical from both`);

      await load(bareUrl, WARMUP_S);
      await load(apiUrl, WARMUP_S);
      const seconds = (DURATION_S * 2) / ORDER.length;
      const segments = { bare: [] as Segment[], api: [] as Segment[] };
      const trace: string[] = [];
      for (const side of ORDER) {
        const segment = await load(side === 'bare' ? bareUrl : apiUrl, seconds);
        segments[side].push(segment);
        trace.push(`${side} ${segment.result.requests.average.toFixed(0)}`);
      }
      console.log(`  segments, req/s: ${trace.join(', ')}`);
      const baseline = combine(segments.bare);
      const measured = combine(segments.api);
      console.log(line('bare handler', baseline));
      console.log(line('query-api', measured));
      console.log(`  ratio query-api/bare, req/s:              ${verdict(measured.reqPerSec / baseline.reqPerSec)}`);
      // The machine is shared: throughput swings with everyone else's load, server CPU per request much less.
      console.log(`  ratio query-api/bare, server ms/req (inv): ${verdict(baseline.busyMsPerRequest / measured.busyMsPerRequest)}`);
    } finally {
      await api?.close();
      if (bare) await new Promise((resolve) => bare!.close(resolve));
      await pool.end();
      await database.drop();
    }
  },
};
