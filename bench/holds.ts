// Section (b): holds on one studio day under contention, over HTTP against command-api.
// 50 clients, each on its own keep-alive connection, hold 1-4 random adjacent cells in a loop.
// An accepted hold is released right away, so the day never fills up and every request really
// races the others for the same stream; the baseline runs the same clients on a day each.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Queue } from 'bullmq';
import { startCommandApi } from '@studio/command-api';
import { addDays, HOLDS_QUEUE, OPENING_CELLS, studioDayStream, tomskToday } from '@studio/domain';
import { createEventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL } from '@studio/platform/testing';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';

const CLIENTS = 50;
const CONTENDED_MS = 10_000;
const BASELINE_MS = 5_000;

function randomCells(): string[] {
  const length = 1 + Math.floor(Math.random() * 4);
  const start = Math.floor(Math.random() * (OPENING_CELLS.length - length + 1));
  return OPENING_CELLS.slice(start, start + length);
}

const dayAhead = (days: number) => addDays(tomskToday(new Date()), days);

function call(agent: Agent, url: string, method: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

interface RunFigures {
  seconds: number;
  accepted: number;
  slotTaken: number;
  lostRaces: number;
  other: number;
  latencies: number[];
}

async function drive(base: string, dateOf: (client: number) => string, durationMs: number): Promise<RunFigures> {
  const figures: RunFigures = { seconds: durationMs / 1000, accepted: 0, slotTaken: 0, lostRaces: 0, other: 0, latencies: [] };
  const until = Date.now() + durationMs;
  const client = async (n: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const date = dateOf(n);
    try {
      while (Date.now() < until) {
        const started = performance.now();
        const res = await call(agent, `${base}/api/holds`, 'POST', { studio: 'pochta', date, cells: randomCells() });
        figures.latencies.push(performance.now() - started);
        if (res.status === 201) {
          figures.accepted++;
          await call(agent, `${base}/api/holds/${String(res.body.holdId)}?studio=pochta&date=${date}`, 'DELETE');
        } else if (res.status === 409 && res.body.code === 'slot_taken') figures.slotTaken++;
        else if (res.status === 409) figures.lostRaces++;
        else figures.other++;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  return figures;
}

function print(label: string, f: RunFigures) {
  const attempts = f.accepted + f.slotTaken + f.lostRaces + f.other;
  const { p50, p99 } = latencyPercentiles(f.latencies);
  const conflicts = f.slotTaken + f.lostRaces;
  console.log(`  ${label}`);
  console.log(`    hold requests ${attempts} (${(attempts / f.seconds).toFixed(0)}/s), accepted ${f.accepted} = ${(f.accepted / f.seconds).toFixed(1)}/s`);
  console.log(`    409 ${conflicts} = ${((100 * conflicts) / Math.max(1, attempts)).toFixed(1)}% (slot_taken ${f.slotTaken}, lost the optimistic race after every retry ${f.lostRaces}), other statuses ${f.other}`);
  console.log(`    hold latency p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
  console.log(`    commands decided (holds + releases) ${((attempts + f.accepted) / f.seconds).toFixed(0)}/s`);
}

export const holdsSection: BenchSection = {
  name: 'holds',
  title: `holds: ${CLIENTS} clients racing for one studio day over HTTP (accepted holds released at once)`,
  async run() {
    const db = await createTestDatabase('bench_holds');
    const store = await createEventStore({ EVENT_STORE: 'postgres', DATABASE_URL: db.url, ESDB_URL: undefined });
    const queuePrefix = `bench-${randomBytes(6).toString('hex')}`;
    // All clients share one address and make thousands of holds: the bench measures the ledger,
    // so the per-IP hold rate limit is lifted out of its way.
    const api = await startCommandApi({ store, redisUrl: TEST_REDIS_URL, port: 0, queuePrefix, holdRateLimit: { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } });
    const base = `http://127.0.0.1:${api.port}`;
    try {
      print(`baseline, ${CLIENTS} clients on a day each, ${BASELINE_MS / 1000} s:`, await drive(base, (n) => dayAhead(100 + n), BASELINE_MS));
      const contested = dayAhead(60);
      print(`contended, ${CLIENTS} clients on one day, ${CONTENDED_MS / 1000} s:`, await drive(base, () => contested, CONTENDED_MS));
      const events = await store.readStream(studioDayStream('pochta', contested));
      console.log(`    the contended day's stream ends with ${events.length} events (each command reads it whole)`);
    } finally {
      await api.close();
      const queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: queuePrefix });
      await queue.obliterate({ force: true });
      await queue.close();
      await store.close();
      await db.drop();
    }
  },
};
