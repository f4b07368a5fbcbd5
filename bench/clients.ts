// Section (g): the back-office's client base over HTTP. 10 000 clients are built by the clients
// projection itself from their events (accounts, guests' paid bookings, both), then a super
// administrator's session asks GET /api/admin/clients with the searches staff type (a surname, part
// of a phone, an e-mail, one letter that matches most clients), with filters and deep pages, from a
// couple of keep-alive connections at once. The baseline is the same requests with the projection's
// trigram index on the search text dropped, in the same database: the ratio is what the index buys.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { STREAM_PREFIXES, type BookingPlaced } from '@studio/domain';
import { createPool, customerSessions, staffSessions, STAFF_SESSION_COOKIE } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL } from '@studio/platform/testing';
import { ensureReadModels } from '@studio/projections';
import { startQueryApi } from '@studio/query-api';
import { clientsProjection } from '../projections/src/clients/projection';
import { versionedTable } from '../projections/src/runtime/definition';
import { projectEvents } from './project-events';
import { allClients } from './scope';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';

const CLIENTS = 10_000;
const CONNECTIONS = 2;
/** Rounds of every scenario per side, split over its two segments. */
const ROUNDS = 100;
/** Segments A-B-B-A, so the drift of a shared machine's load falls on both sides alike. */
const ORDER = ['built', 'plain', 'plain', 'built'] as const;
const TARGET_P99_MS = 100;
const BATCH = 500;

const NAMES = ['Анна', 'Мария', 'Елена', 'Ольга', 'Наталья', 'Ирина', 'Светлана', 'Татьяна', 'Иван', 'Алексей', 'Дмитрий', 'Сергей', 'Андрей', 'Михаил', 'Пётр', 'Семён'];
const SURNAMES = ['Иванова', 'Петрова', 'Смирнова', 'Кузнецова', 'Попова', 'Соколова', 'Лебедева', 'Козлова', 'Новикова', 'Морозова', 'Волкова', 'Зайцева', 'Павлова', 'Семёнова', 'Голубева', 'Виноградова', 'Богданова', 'Воробьёва', 'Фёдорова', 'Михайлова'];
const DOMAINS = ['mail.ru', 'yandex.ru', 'gmail.com', 'inbox.ru', 'example.ru'];

/** Deterministic people: a third with an account only, a third guests with paid bookings, a third both. */
function* clientEvents(): Generator<{ stream: string; type: string; data: unknown; at: Date }> {
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let i = 0; i < CLIENTS; i++) {
    const name = NAMES[i % NAMES.length]!;
    const surname = `${SURNAMES[(i * 7) % SURNAMES.length]}${i % 97}`;
    const phone = `7913${String(1_000_000 + i * 37).slice(-7)}`;
    const email = `client${i}@${DOMAINS[i % DOMAINS.length]}`;
    const at = new Date(start + i * 3_600_000);
    const customerId = `c${i}`;
    if (i % 3 !== 1) {
      const data = { customerId, name, surname, email, phone: `+${phone}`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', registeredAt: at.toISOString() };
      yield { stream: `${STREAM_PREFIXES.customer}${customerId}`, type: 'CustomerRegistered', data, at };
    }
    if (i % 3 === 0) continue;
    for (let k = 0; k < 1 + (i % 3); k++) {
      const bookingId = `b${i}-${k}`;
      const intentId = `i${i}-${k}`;
      const date = new Date(at.getTime() + (k + 1) * 7 * 86_400_000).toISOString().slice(0, 10);
      const placed: BookingPlaced = {
        bookingId,
        intentId,
        studio: 'pochta',
        customer: { name: `${name} ${surname}`, phone, email, comment: '', ...(i % 3 === 2 ? { userId: customerId } : {}) },
        blocks: [{ date, cells: ['12:00', '12:30'], holdId: `h${bookingId}` }],
        format: { kind: 'self', peopleCount: 1 },
        services: [],
        price: { lines: [{ label: 'Аренда', amount: 250_000 }], total: 250_000 },
        prepayPercent: 100,
      };
      const intent = `${STREAM_PREFIXES.paymentIntent}${intentId}`;
      yield { stream: `${STREAM_PREFIXES.booking}${bookingId}`, type: 'BookingPlaced', data: placed, at };
      yield { stream: intent, type: 'ProviderPaymentCreated', data: { intentId, paymentId: `p${bookingId}`, purpose: 'full', amount: 250_000, confirmationUrl: 'http://x' }, at };
      yield { stream: intent, type: 'ProviderPaymentUpdated', data: { intentId, paymentId: `p${bookingId}`, status: 'succeeded' }, at };
      yield { stream: `${STREAM_PREFIXES.booking}${bookingId}`, type: 'BookingConfirmed', data: { bookingId, paymentId: `p${bookingId}`, paid: 250_000 }, at };
    }
  }
}

/** The searches and filters staff would use; the one-letter search matches most clients, so no index can narrow it. */
const SCENARIOS: [label: string, query: string][] = [
  ['no search', ''],
  ['surname', `search=${encodeURIComponent('смирнова1')}`],
  ['name + surname', `search=${encodeURIComponent('ольга семенова')}`],
  ['phone part', `search=${encodeURIComponent('+7 (913) 100-1')}`],
  ['full phone', `search=${encodeURIComponent('8 913 100 37 00')}`],
  ['e-mail', 'search=client4242%40'],
  ['one letter', `search=${encodeURIComponent('а')}`],
  ['filters', 'minBookings=2&maxBookings=3&dateFrom=2025-03-01&dateTo=2025-09-30'],
  ['search + filters', `search=${encodeURIComponent('ова')}&minBookings=1&dateFrom=2025-03-01`],
  ['page 500', 'page=500'],
];

function get(agent: Agent, url: string, cookie: string): Promise<{ status: number; total: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: { total: number } };
        resolve({ status: res.statusCode ?? 0, total: body.data?.total ?? -1 });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

type Figures = Map<string, { latencies: number[]; total: number }>;
const noFigures = (): Figures => new Map(SCENARIOS.map(([label]) => [label, { latencies: [] as number[], total: -1 }]));

/** Every scenario `rounds` times, spread over the connections; latencies per scenario added to `figures`. */
async function measure(base: string, cookie: string, rounds: number, figures: Figures): Promise<void> {
  const work = Array.from({ length: rounds }, () => SCENARIOS).flat();
  const connection = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let next = work.shift(); next; next = work.shift()) {
        const [label, query] = next;
        const started = performance.now();
        const res = await get(agent, `${base}/api/admin/clients?${query}`, cookie);
        const elapsed = performance.now() - started;
        if (res.status !== 200) {
          // The other connection stops too: the section has failed.
          work.length = 0;
          throw new Error(`${label}: HTTP ${res.status}`);
        }
        const figure = figures.get(label)!;
        figure.latencies.push(elapsed);
        figure.total = res.total;
      }
    } finally {
      agent.destroy();
    }
  };
  await allClients(CONNECTIONS, connection);
}

/** The events through the projection's own apply, in batches as its runner commits them, into the live tables. */
async function project(pool: ReturnType<typeof createPool>): Promise<void> {
  const events = [...clientEvents()];
  const seconds = await projectEvents(pool, clientsProjection, events, BATCH);
  // The steady state autovacuum keeps: the seeding rewrote each client's row once per event of theirs.
  await pool.query('VACUUM ANALYZE');
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM clients');
  console.log(`  projected ${events.length} events into ${rows[0]!.n} clients in ${seconds.toFixed(1)} s (${(events.length / seconds).toFixed(0)} events/s)`);
}

function report(built: Figures, plain: Figures): void {
  const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
  console.log(`  load average while measured: ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
  console.log(`  ${'scenario'.padEnd(18)} ${'matches'.padStart(7)}   as built p50 / p99      no index p50 / p99   ratio p50 / p99   target p99 < ${TARGET_P99_MS} ms`);
  let worst = 0;
  for (const [label] of SCENARIOS) {
    const ours = latencyPercentiles(built.get(label)!.latencies);
    const bare = latencyPercentiles(plain.get(label)!.latencies);
    worst = Math.max(worst, ours.p99);
    console.log(
      `  ${label.padEnd(18)} ${String(built.get(label)!.total).padStart(7)}   ${ms(ours.p50)} / ${ms(ours.p99)}   ${ms(bare.p50)} / ${ms(bare.p99)}   ${(ours.p50 / bare.p50).toFixed(2).padStart(5)} / ${(ours.p99 / bare.p99).toFixed(2).padStart(5)}     ${ours.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`  worst p99 as built: ${worst.toFixed(1)} ms (target < ${TARGET_P99_MS} ms) ${worst < TARGET_P99_MS ? 'OK' : 'MISSED'}`);
}

export const clientsSection: BenchSection = {
  name: 'clients',
  title: `GET /api/admin/clients over ${CLIENTS} clients, ${CONNECTIONS} connections: as built (trigram index) vs without the index`,
  async run({ redisPrefix, defer }) {
    const database = await createTestDatabase('bench_clients');
    defer(() => database.drop());
    const pool = createPool(database.url, 10);
    // Dropping the database at the end terminates any client pg has not finished closing.
    pool.on('error', () => undefined);
    defer(() => pool.end());
    await ensureReadModels(pool);
    await project(pool);
    const api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix: `${redisPrefix}:`, logger: console, allowedOrigins: [] });
    defer(() => api.close());
    await Promise.all([staffSessions.ensureTable(pool), customerSessions.ensureTable(pool)]);
    const { token } = await staffSessions.issue(pool, randomUUID(), 'super');
    const cookie = `${STAFF_SESSION_COOKIE}=${token}`;
    const base = `http://127.0.0.1:${api.port}`;

    const table = versionedTable('clients', clientsProjection.version);
    const createIndex = clientsProjection.tables.clients(table).find((statement) => statement.includes('gin_trgm_ops'))!;
    const sides = { built: noFigures(), plain: noFigures() };
    for (const side of ORDER) {
      await pool.query(side === 'built' ? createIndex : `DROP INDEX IF EXISTS ${table}_search`);
      await pool.query(`ANALYZE ${table}`);
      await measure(base, cookie, 2, noFigures());
      await measure(base, cookie, ROUNDS / 2, sides[side]);
    }
    report(sides.built, sides.plain);
  },
};
