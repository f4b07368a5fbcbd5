// Setting query-api against a bare handler over the same scratch database: loading both with
// autocannon and summing up the segments, the same way for every section that does.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express, { type RequestHandler } from 'express';
import type pg from 'pg';
import { createPool } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from '@studio/query-api';
import type { SectionScope } from './sections';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; workers?: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
// autocannon ships no types; this is the slice of its programmatic API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Segment {
  result: AutocannonResult;
  /** Main-thread (server) busy time per request: unlike req/s it barely moves with other load. */
  busyMsPerRequest: number;
}

async function load(url: string, duration: number, connections: number, headers: Record<string, string> = {}): Promise<Segment> {
  const before = performance.eventLoopUtilization();
  // A worker thread fires the requests, so the load generator does not share the servers' event loop.
  const result = await autocannon({ url, connections, duration, workers: 1, headers });
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

/** Each side gets this much in total, in short segments run A-B-B-A-A-B-B-A so the drift of a shared machine's load falls on both sides alike. */
const SECONDS = 10;
const ORDER = ['bare', 'api', 'api', 'bare', 'bare', 'api', 'api', 'bare'] as const;
const WARMUP_S = 2;
/** The target of every section that sets query-api against a bare handler. */
const TARGET_RATIO = 0.7;

/** Both sides warmed up, then measured in segments; prints the segments, both sides and the ratios. */
export async function compare(urls: { bare: string; api: string }, { connections, headers }: { connections: number; headers?: Record<string, string> }): Promise<void> {
  await load(urls.bare, WARMUP_S, connections, headers);
  await load(urls.api, WARMUP_S, connections, headers);
  const segmentSeconds = (SECONDS * 2) / ORDER.length;
  const segments = { bare: [] as Segment[], api: [] as Segment[] };
  const trace: string[] = [];
  for (const side of ORDER) {
    const segment = await load(urls[side], segmentSeconds, connections, headers);
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
}

interface AgainstBare {
  pool: pg.Pool;
  /** query-api over the scratch database: its base URL. */
  startApi(): Promise<string>;
  /** A bare Express app answering GET /bare with `handler`: its URL. */
  listenBare(handler: RequestHandler): Promise<string>;
}

/**
 * A scratch database with the read models, and whatever query-api and bare handler `body` starts,
 * all closed with the section: query-api on the section's own change channel.
 */
export async function againstBare({ redisPrefix, defer }: SectionScope, name: string, poolSize: number, body: (stack: AgainstBare) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(name);
  defer(() => database.drop());
  const pool = createPool(database.url, poolSize);
  // Dropping the database at the end terminates any client pg has not finished closing.
  pool.on('error', () => undefined);
  defer(() => pool.end());
  await ensureReadModels(pool);
  await body({
    pool,
    async startApi() {
      const api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix: `${redisPrefix}:`, logger: console, allowedOrigins: [], clock: testClock });
      defer(() => api.close());
      return `http://127.0.0.1:${api.port}`;
    },
    async listenBare(handler) {
      const app = express();
      app.set('etag', false);
      app.get('/bare', handler);
      const server = app.listen(0, '127.0.0.1');
      await once(server, 'listening');
      defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare`;
    },
  });
}
