// Section: a checkout with a photographer against one without (issue 22, docs/photographers.md),
// in the same run. Clients on their own keep-alive connections each send `POST /api/bookings/intent`
// for an hour nobody else asks for, the same supply of hours on both sides; the photographer side
// names the studio's own demo photographer, so no two of its checkouts want one photographer at
// one hour (this measures the cost of taking the photographer's hours: the schedule and
// photographer-day reads and one more append, not contention). Segments run A-B-B-A so the drift
// of a shared machine's load falls on both alike.
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { addDays, PHOTOGRAPHERS_STREAM, photographersAggregate } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { DAYS_PER_PASS, passClock, post } from './intents';
import { allClients } from './scope';
import type { BenchSection } from './sections';
import { latencyPercentiles } from './stats';
import { openStack } from '../e2e/kit';

const CLIENTS = 10;
const SEGMENT_MS = 5_000;
const ORDER = ['photographer', 'self', 'self', 'photographer'] as const;
type Side = (typeof ORDER)[number];
const STUDIOS = ['pochta', 'kirova', 'masterskaya'] as const;
const HOURS = Array.from({ length: 12 }, (_, i) => 10 + i);
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

interface Hour {
  studioIndex: number;
  date: string;
  time: string;
}

/** Every opening hour of each studio on the days of one pass, each handed out once, consecutive ones on different days; then the next pass. */
function* freeHours(time: ReturnType<typeof passClock>): Generator<Hour, never> {
  for (;;) {
    const today = time.today();
    const dates = Array.from({ length: DAYS_PER_PASS }, (_, i) => addDays(today, 3 + i));
    for (const [studioIndex] of STUDIOS.entries()) for (const hour of HOURS) for (const date of dates) yield { studioIndex, date, time: `${hh(hour)}-${hh(hour + 1)}` };
    time.nextPass();
  }
}

const contact = { name: 'Бенч', phone: '+7 (999) 000-00-00', email: 'bench@example.ru', comment: '' };

export const photographerCheckoutSection: BenchSection = {
  name: 'photographer-checkout',
  title: `checkouts with a photographer vs without, ${CLIENTS} clients, one free hour each`,
  async run({ redisPrefix, defer }) {
    const time = passClock();
    const stack = await openStack({ name: 'bench-photographers', commandApi: true, seed: true, poolSize: 20, prefix: redisPrefix, clock: time.clock });
    defer(() => stack.stop());
    const { state } = await createCommandHandler(stack.store).read(photographersAggregate, PHOTOGRAPHERS_STREAM);
    const photographerIds = Object.keys(state.photographers);
    const hours = freeHours(time);
    const prices = new Map<string, number>();
    const results: Record<Side, { ok: number; other: number; latencies: number[]; ms: number }> = {
      photographer: { ok: 0, other: 0, latencies: [], ms: 0 },
      self: { ok: 0, other: 0, latencies: [], ms: 0 },
    };
    for (const side of ORDER) {
      const figures = results[side];
      const deadline = Date.now() + SEGMENT_MS;
      figures.ms += SEGMENT_MS;
      await allClients(CLIENTS, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          while (Date.now() < deadline) {
            const { studioIndex, date, time: range } = hours.next().value;
            const studio = STUDIOS[studioIndex]!;
            const format = side === 'photographer' ? { format: 'with_photographer', photographer_id: photographerIds[studioIndex % photographerIds.length] } : { format: 'self' };
            const priceKey = `${side} ${studio} ${date} ${studioIndex}`;
            const body = { studio, timeSlots: [{ date, time: range }], format, services: [], totalPrice: prices.get(priceKey) ?? 0, promoCode: '', contact, prepayPercent: 100 };
            const started = performance.now();
            let res = await post(agent, `${stack.commandUrl}/api/bookings/intent`, body);
            if (res.status === 409 && res.body.code === 'price_changed') {
              const current = (res.body.details as { currentPrice: number }).currentPrice;
              prices.set(priceKey, current);
              res = await post(agent, `${stack.commandUrl}/api/bookings/intent`, { ...body, totalPrice: current });
            }
            figures.latencies.push(performance.now() - started);
            if (res.status === 201) figures.ok++;
            else figures.other++;
          }
        } finally {
          agent.destroy();
        }
      });
    }
    const rows = ORDER.slice(0, 2).map((side) => {
      const f = results[side];
      const { p50, p99 } = latencyPercentiles(f.latencies);
      return { side, perSecond: (f.ok / f.ms) * 1000, p50, p99, other: f.other };
    });
    for (const row of rows) console.log(`  ${row.side.padEnd(12)} ${row.perSecond.toFixed(1)}/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  not ok: ${row.other}`);
    const [withPhotographer, without] = rows as [(typeof rows)[number], (typeof rows)[number]];
    console.log(`  ratio: with a photographer ${((withPhotographer.perSecond / without.perSecond) * 100).toFixed(1)}% of the throughput without (p50 ${(withPhotographer.p50 / without.p50).toFixed(2)}×)`);
  },
};
