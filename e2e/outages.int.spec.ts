// Issue 20, item 5: with Postgres or Redis gone, what needs it answers 503 `unavailable` with
// Retry-After at once (not a 500 after seconds), what does not need it keeps answering, and
// everything serves again by itself once the part is back. The shared Postgres and Redis are never
// stopped: Postgres is reached through a proxy the spec cuts, and Redis is a server of the spec's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '@studio/domain';
import { cuttableProxy, futureDate, guestIntentBody, openStack, ownRedis, postJson, testVisitor, type CuttableProxy, type JsonAnswer, type OwnRedis, type Stack } from './kit';

/**
 * The product's target is an answer within 1 s (measured here: 40–400 ms). The bound is a ceiling
 * for a loaded two-core machine (2.4 s was seen at a load average of 13, and suites run at 20) that
 * still fails what this guards: a 500, or an answer only after the queue's or the connection's
 * 5 s time-out.
 */
const OUTAGE_ANSWER_MS = 4500;

/** An answer and how long it took, in milliseconds. */
async function timed(ask: () => Promise<JsonAnswer>): Promise<{ answer: JsonAnswer; ms: number }> {
  const started = performance.now();
  const answer = await ask();
  return { answer, ms: performance.now() - started };
}

function expectFastOutage({ answer, ms }: { answer: JsonAnswer; ms: number }): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body).toMatchObject({ success: false, code: 'unavailable', error: expect.stringMatching(/^Сервис временно недоступен/) });
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(ms).toBeLessThan(OUTAGE_ANSWER_MS);
}

/** The checkout's price for `date`, from the price_changed refusal a stale total gets. */
async function priceOf(stack: Stack, date: string): Promise<number> {
  const stale = await postJson(stack.commandUrl, '/api/bookings/intent', guestIntentBody(date, ['12:00-13:00'], 1), 'POST', { cookie: testVisitor().cookie });
  expect(stale.body).toMatchObject({ code: 'price_changed' });
  return stale.body.details.currentPrice as number;
}

const checkout = (stack: Stack, date: string, price: number) =>
  postJson(stack.commandUrl, '/api/bookings/intent', guestIntentBody(date, ['12:00-13:00'], price), 'POST', { cookie: testVisitor().cookie });

describe('a Postgres outage', () => {
  let proxy: CuttableProxy | undefined;
  let stack: Stack;
  beforeAll(async () => {
    stack = await openStack({
      name: 'outage-postgres',
      commandApi: true,
      queryApi: true,
      projections: true,
      seed: true,
      databaseVia: async (url) => (proxy = await cuttableProxy(url)).url,
    });
  });
  afterAll(async () => {
    await proxy?.restore();
    try {
      await stack?.stop();
    } finally {
      await proxy?.close();
    }
  });

  it('answers what needs the database with 503 unavailable and Retry-After at once, and serves again by itself once it is back', { timeout: 60_000 }, async () => {
    const date = futureDate();
    const price = await priceOf(stack, date);
    expect((await stack.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`)).status).toBe(200);

    await proxy!.cut();
    const answers = await Promise.all([
      timed(() => stack.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`)),
      timed(() => stack.query('/api/promocodes/check/LETO?studio=pochta')),
      timed(() => checkout(stack, date, price)),
      timed(() => postJson(stack.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['15:00'] }, 'POST', { cookie: testVisitor().cookie })),
    ]);
    answers.forEach(expectFastOutage);
    expect(answers[0]!.answer.body.error).toBe(UNAVAILABLE_MESSAGE);
    console.info(`[outage] Postgres cut: 503 in ${answers.map(({ ms }) => `${Math.round(ms)} ms`).join(', ')}`);

    await proxy!.restore();
    const restored = performance.now();
    await expect.poll(async () => (await stack.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`)).status, { timeout: 30_000, interval: 100 }).toBe(200);
    const readsBack = performance.now() - restored;
    await expect.poll(async () => (await checkout(stack, date, price)).status, { timeout: 30_000, interval: 100 }).toBe(201);
    console.info(`[outage] Postgres back: reads 200 after ${Math.round(readsBack)} ms, a checkout 201 after ${Math.round(performance.now() - restored)} ms`);
  });
});

describe('a Redis outage', () => {
  let redis: OwnRedis;
  let stack: Stack;
  beforeAll(async () => {
    redis = await ownRedis();
    stack = await openStack({ name: 'outage-redis', commandApi: true, queryApi: true, projections: true, seed: true, redisUrl: redis.url });
  });
  afterAll(async () => {
    // The stack removes its keys as it stops, so its Redis must answer then.
    await redis?.start().catch(() => undefined);
    try {
      await stack?.stop();
    } finally {
      await redis?.stop();
    }
  });

  it('refuses a checkout with 503 unavailable at once, keeps serving reads, and takes the same cells once Redis is back', { timeout: 60_000 }, async () => {
    const date = futureDate();
    const price = await priceOf(stack, date);

    await redis.stop();
    const refused = await timed(() => checkout(stack, date, price));
    expectFastOutage(refused);
    // Reads need only Postgres.
    const reads = await Promise.all([
      timed(() => stack.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`)),
      timed(() => stack.query('/api/masterskaya')),
    ]);
    for (const { answer } of reads) expect(answer.status).toBe(200);
    console.info(`[outage] Redis stopped: checkout 503 in ${Math.round(refused.ms)} ms; reads 200 in ${reads.map(({ ms }) => `${Math.round(ms)} ms`).join(', ')}`);

    await redis.start();
    const restarted = performance.now();
    // The same cells: the refused checkout gave its hold back (a 409 here would mean it had not).
    await expect.poll(async () => (await checkout(stack, date, price)).status, { timeout: 30_000, interval: 100 }).toBe(201);
    console.info(`[outage] Redis back: a checkout 201 after ${Math.round(performance.now() - restarted)} ms`);
  });
});
