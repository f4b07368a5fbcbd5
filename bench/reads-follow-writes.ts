// Section: what reads following writes cost (issue 17). The whole site behind the gateway, and two
// clients of it taking turns round by round (A-B, B-A, …, so a shared machine's drift falls on both):
// before, one that drops the read_position cookie (its reads do not wait, and may miss the write);
// after, one that keeps it, as a browser does. Each round writes, reads at once, and reads again; the
// figures are the latencies the client sees, and how many first reads showed their write.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, OPENING_CELLS, rangeOfCell, READ_POSITION_COOKIE } from '@studio/domain';
import { cookieClient, futureDate, openStack, type CookieClient, type JsonAnswer, type Stack } from '../e2e/kit';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';

const ROUNDS = 60;
const WARMUP_ROUNDS = 5;

interface Pair {
  label: string;
  /** The client's `round`-th write (2xx or the section fails), and the read that should show it. */
  write(client: CookieClient, round: number): Promise<{ read: string; shows: (answer: JsonAnswer) => boolean }>;
}

interface Side {
  label: string;
  client: CookieClient;
  /** Rounds written so far, so every write of each side is a fresh one. */
  written: number;
  write: number[];
  readAfter: number[];
  readAgain: number[];
  showed: number;
  stale: number;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function sent(client: CookieClient, method: string, path: string, body: unknown): Promise<JsonAnswer> {
  const answer = await client.send(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

async function round(side: Side, pair: Pair, measured: boolean): Promise<void> {
  const [{ read, shows }, write] = await timed(() => pair.write(side.client, side.written++));
  const [first, readAfter] = await timed(() => side.client.get(read));
  const [, readAgain] = await timed(() => side.client.get(read));
  if (!measured) return;
  side.write.push(write);
  side.readAfter.push(readAfter);
  side.readAgain.push(readAgain);
  if (shows(first)) side.showed += 1;
  if (first.headers.get('x-read-stale')) side.stale += 1;
}

const ms = (values: number[]) => {
  const { p50, p99 } = latencyPercentiles(values);
  return `${p50.toFixed(1).padStart(6)} / ${p99.toFixed(1).padStart(6)}`;
};

async function measure(pair: Pair, clients: { before: CookieClient; after: CookieClient }): Promise<void> {
  const side = (label: string, client: CookieClient): Side => ({ label, client, written: 0, write: [], readAfter: [], readAgain: [], showed: 0, stale: 0 });
  const sides = [side('cookie dropped (before)', clients.before), side('cookie kept (after)', clients.after)];
  for (let n = 0; n < WARMUP_ROUNDS + ROUNDS; n++) {
    for (const s of n % 2 === 0 ? sides : [...sides].reverse()) await round(s, pair, n >= WARMUP_ROUNDS);
  }
  // The waits are the projections' lag, which the machine's other load lengthens: say how loaded it was.
  console.log(`  ${pair.label}, ${ROUNDS} rounds each (ms, p50 / p99); load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`    ${'client'.padEnd(24)}  ${'write'.padStart(15)}  ${'read at once'.padStart(15)}  ${'read again'.padStart(15)}  first read showed the write  marked stale`);
  for (const s of sides) {
    console.log(
      `    ${s.label.padEnd(24)}  ${ms(s.write)}  ${ms(s.readAfter)}  ${ms(s.readAgain)}  ${`${s.showed}/${ROUNDS}`.padStart(27)}  ${String(s.stale).padStart(12)}`,
    );
  }
}

/** A new price list, read back as the current price. */
const prices: Pair = {
  label: 'POST /api/kirova/prices, then GET /api/kirova/prices/current',
  async write(client, n) {
    const answer = await sent(client, 'POST', '/api/kirova/prices', { hour_price: 2000 + n, half_hour_price: 1000 + n });
    return { read: '/api/kirova/prices/current', shows: (read) => read.body?.data?.id === answer.body.data.id };
  },
};

/** A hold of one cell, each on a cell of its own, read back as taken on the calendar. */
const holds = (firstDay: string, offset: number): Pair => ({
  label: 'POST /api/holds, then GET /api/masterskaya/calendar/slots',
  async write(client, n) {
    const k = offset + n;
    const date = addDays(firstDay, Math.floor(k / OPENING_CELLS.length));
    const cell = OPENING_CELLS[k % OPENING_CELLS.length]!;
    await sent(client, 'POST', '/api/holds', { studio: 'masterskaya', date, cells: [cell] });
    return { read: `/api/masterskaya/calendar/slots?startDate=${date}&endDate=${date}`, shows: (read) => read.body?.data?.[date]?.slots?.[rangeOfCell(cell)]?.available === false };
  },
});

export const readsFollowWritesSection: BenchSection = {
  name: 'reads-follow-writes',
  title: 'a read right after a write, through the gateway: without the read_position cookie (before) and with it (after)',
  async run() {
    // Every hold of the run comes from the gateway's one address: the per-address limit is not what is measured.
    const stack: Stack = await openStack({ name: 'bench_ryw', gateway: true, commandApi: { holdRateLimit: { max: 1_000_000, windowMs: 60_000 } } });
    try {
      const session = (await stack.staffLogin('super')).headers.cookie!;
      const staff = { before: cookieClient(stack.baseUrl, { drop: [READ_POSITION_COOKIE] }), after: cookieClient(stack.baseUrl) };
      await staff.before.adopt(session);
      await staff.after.adopt(session);
      await measure(prices, staff);

      // Two visitors, each holding cells of days of its own.
      const firstDay = futureDate(30);
      const perSide = Math.ceil((WARMUP_ROUNDS + ROUNDS) / OPENING_CELLS.length) * OPENING_CELLS.length;
      const visitors = { before: cookieClient(stack.baseUrl, { drop: [READ_POSITION_COOKIE] }), after: cookieClient(stack.baseUrl) };
      const [onBefore, onAfter] = [holds(firstDay, 0), holds(firstDay, perSide)];
      await measure({ label: onBefore.label, write: (client, n) => (client === visitors.before ? onBefore : onAfter).write(client, n) }, visitors);
    } finally {
      await stack.stop();
    }
  },
};
