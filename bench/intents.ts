// Section (e): booking intents per second through the payment sandbox. Clients on their own
// keep-alive connections each send `POST /api/bookings/intent` for a half hour nobody else asks
// for (no contention: this measures the checkout's own work — the price from the catalogue, a hold
// on the studio day, the booking, the intent and the provider payment). The fair baseline is what a
// CRUD booking app does (./crud-checkout.ts: one Postgres transaction under an EXCLUDE constraint,
// then the same provider call), at the same concurrency; the bare `POST /v3/payments` of the same
// sandbox is the floor under both. Segments run A-B-C-C-B-A so the drift of a shared machine's load
// falls on all alike. Targets: ours ≥ 50% of the baseline's intents/s, p99 ≤ 2× its p99.
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { addDays, BOOKING_HORIZON_DAYS, OPENING_CELLS, rangeOfCell } from '@studio/domain';
import { createPool } from '@studio/platform';
import { testClock, type TestClock } from '@studio/platform/testing';
import { allClients } from './scope';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';
import { openStack, type Stack } from '../e2e/kit';
import { startCrudCheckout, type CrudCheckout } from './crud-checkout';

const CLIENTS = 10;
const SEGMENT_MS = 5_000;
const SIDES = ['ours', 'crud', 'bare'] as const;
type Side = (typeof SIDES)[number];
const ORDER: readonly Side[] = [...SIDES, ...[...SIDES].reverse()];
const TARGET_SHARE = 0.5;
const TARGET_P99_RATIO = 2;

interface Figures {
  ms: number;
  ok: number;
  other: number;
  latencies: number[];
}

export function post(agent: Agent, url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Days one pass of the supply spans: from 3 days ahead to the last day of the 8-week horizon a
 * customer may book in; consecutive intents fall on different days.
 */
export const DAYS_PER_PASS = BOOKING_HORIZON_DAYS - 2;
const STUDIOS = ['pochta', 'kirova', 'masterskaya'] as const;

interface HalfHour {
  studio: (typeof STUDIOS)[number];
  date: string;
  time: string;
}

/**
 * The stack's clock, which the supply moves a pass ahead when it has handed out every half hour
 * within the horizon: the bench then books the next 54 days as if time had passed. A checkout in
 * flight at that moment may be refused as past (counted as not ok); one pass is 3,888 half hours.
 */
export function passClock() {
  let current: TestClock = testClock;
  return {
    clock: { now: () => current.now() },
    today: () => current.today(),
    nextPass: () => void (current = current.shifted(DAYS_PER_PASS * 86_400_000)),
  };
}

/**
 * Every half hour of the opening hours of each studio on the days of one pass, each handed out once
 * and consecutive ones on different days, so no two clients queue on one studio day; then the same
 * after the clock has moved a pass ahead. The supply has no end: a faster machine asks for more half
 * hours in a segment, and a fixed number of them ran out mid-segment.
 */
function* freeHalfHours(time: ReturnType<typeof passClock>): Generator<HalfHour, never> {
  for (;;) {
    const today = time.today();
    const dates = Array.from({ length: DAYS_PER_PASS }, (_, i) => addDays(today, 3 + i));
    for (const studio of STUDIOS) for (const cell of OPENING_CELLS) for (const date of dates) yield { studio, date, time: rangeOfCell(cell) };
    time.nextPass();
  }
}

const contact = { name: 'Бенч', phone: '+7 (999) 000-00-00', email: 'bench@example.ru', comment: '' };

interface Sides {
  stack: Stack;
  crud: CrudCheckout;
  /** Half hours for ours (the stack's clock moves with them) and for the baseline's own tables. */
  slots: Generator<HalfHour, never>;
  crudSlots: Generator<HalfHour, never>;
  prices: Map<string, number>;
}

async function runSegment({ stack, crud, slots, crudSlots, prices }: Sides, side: Side): Promise<Figures> {
  const figures: Figures = { ms: SEGMENT_MS, ok: 0, other: 0, latencies: [] };
  const deadline = Date.now() + SEGMENT_MS;
  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (Date.now() < deadline) {
        const started = performance.now();
        let ok: boolean;
        if (side === 'crud') {
          const { studio, date, time } = crudSlots.next().value;
          const res = await post(agent, crud.url, { studio, date, time, contact });
          ok = res.status === 201 && typeof res.body.confirmationUrl === 'string';
        } else if (side === 'bare') {
          const payment = await stack.paymentProvider!.createPayment({
            amountKopecks: 200_000,
            description: 'Бронирование студии «Почта»',
            returnUrl: 'http://127.0.0.1/payment/success',
            metadata: { purpose: 'full' },
            capture: true,
            idempotenceKey: crypto.randomUUID(),
          });
          ok = Boolean(payment.confirmation?.confirmation_url);
        } else {
          const slot = slots.next().value;
          const { studio, ...timeSlot } = slot;
          const priceKey = `${studio} ${slot.date}`;
          const body = { studio, timeSlots: [timeSlot], format: { format: 'self' }, services: [], totalPrice: prices.get(priceKey) ?? 0, promoCode: '', contact, prepayPercent: 100 };
          let res = await post(agent, `${stack.commandUrl}/api/bookings/intent`, body);
          // A day's price (its date discounts) is learnt from the first refusal and kept.
          if (res.status === 409 && res.body.code === 'price_changed') {
            const current = (res.body.details as { currentPrice: number }).currentPrice;
            prices.set(priceKey, current);
            res = await post(agent, `${stack.commandUrl}/api/bookings/intent`, { ...body, totalPrice: current });
          }
          ok = res.status === 201;
        }
        figures.latencies.push(performance.now() - started);
        if (ok) figures.ok++;
        else figures.other++;
      }
    } finally {
      agent.destroy();
    }
  };
  await allClients(CLIENTS, client);
  return figures;
}

function merge(parts: Figures[]): Figures {
  return parts.reduce((a, b) => ({ ms: a.ms + b.ms, ok: a.ok + b.ok, other: a.other + b.other, latencies: [...a.latencies, ...b.latencies] }));
}

export const intentsSection: BenchSection = {
  name: 'intents',
  title: `booking intents through the payment sandbox, ${CLIENTS} clients, vs a CRUD checkout (one transaction, same provider call) and the bare POST /v3/payments`,
  async run({ redisPrefix, defer }) {
    const time = passClock();
    const stack = await openStack({ name: 'bench-intents', commandApi: true, seed: true, poolSize: 20, prefix: redisPrefix, clock: time.clock });
    defer(() => stack.stop());
    // The baseline's own pool, as large as the stack's, on the same database.
    const crudPool = createPool((stack.pool as unknown as { options: { connectionString: string } }).options.connectionString, 20);
    crudPool.on('error', () => undefined);
    defer(() => crudPool.end());
    const crud = await startCrudCheckout(crudPool, stack.paymentProvider!);
    defer(() => crud.close());
    const sides: Sides = { stack, crud, slots: freeHalfHours(time), crudSlots: freeHalfHours(passClock()), prices: new Map() };
    const results: Record<Side, Figures[]> = { ours: [], crud: [], bare: [] };
    for (const side of ORDER) results[side].push(await runSegment(sides, side));
    const rows = Object.fromEntries(
      SIDES.map((side) => {
        const f = merge(results[side]);
        const { p50, p99 } = latencyPercentiles(f.latencies);
        return [side, { perSecond: (f.ok / f.ms) * 1000, p50, p99, other: f.other }];
      }),
    ) as Record<Side, { perSecond: number; p50: number; p99: number; other: number }>;
    const label: Record<Side, string> = { ours: 'ours', crud: 'CRUD baseline', bare: 'bare provider' };
    for (const side of SIDES) {
      const row = rows[side];
      console.log(`  ${label[side].padEnd(14)} ${row.perSecond.toFixed(1).padStart(6)}/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  not ok: ${row.other}`);
    }
    const { ours, crud: base } = rows;
    const share = ours.perSecond / base.perSecond;
    const p99Ratio = ours.p99 / base.p99;
    console.log(
      `  ours vs the CRUD baseline: ${(share * 100).toFixed(1)}% of its intents/s (target ≥ ${TARGET_SHARE * 100}%: ${share >= TARGET_SHARE ? 'met' : 'MISSED'}),` +
        ` p99 ${p99Ratio.toFixed(2)}× its p99 (target ≤ ${TARGET_P99_RATIO}×: ${p99Ratio <= TARGET_P99_RATIO ? 'met' : 'MISSED'}); ours vs the bare provider: ${((ours.perSecond / rows.bare.perSecond) * 100).toFixed(1)}%`,
    );
    console.log(`  load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`);
  },
};
