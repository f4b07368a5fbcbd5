import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioDayStream } from '@studio/domain';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { DEFAULT_HOLD_RATE_LIMIT, startCommandApi } from '../index';
import { futureDate, openStack, postJson, type Stack } from '@studio/e2e/kit';
import { connectRateLimitRedis, createRateLimiter } from '@studio/platform';
import { startRedis6Proxy } from './redis-6-proxy';

const LIMIT = 3;

let h: Stack;
let redis: Redis;
beforeAll(async () => {
  // Two instances: the count lives in Redis, so a client cannot double its allowance by landing on both.
  h = await openStack({ name: 'ratelimit', commandApi: { instances: 2, holdRateLimit: { max: LIMIT, windowMs: 60_000 } } });
  redis = new Redis(TEST_REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await h.stop();
});

/** A hold as a trusted proxy forwards it: the visitor's address last in X-Forwarded-For. */
const holdFrom = (forwardedFor: string, date: string, cell: string, instance = 0) =>
  postJson(h.commandUrls[instance]!, '/api/holds', { studio: 'pochta', date, cells: [cell] }, 'POST', { 'x-forwarded-for': forwardedFor });

describe(`POST /api/holds, ${LIMIT} attempts per IP per window`, () => {
  it('refuses the attempt over the limit with 429 and Retry-After, appends nothing, and lets another IP through', async () => {
    const date = futureDate();
    const cells = ['10:00', '11:00', '12:00', '13:00'];
    for (const [i, cell] of cells.slice(0, LIMIT).entries()) expect((await holdFrom('203.0.113.5', date, cell, i % 2)).status).toBe(201);

    const refused = await holdFrom('203.0.113.5', date, cells[LIMIT]!, 1);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Слишком много попыток бронирования. Попробуйте через 1 мин.', code: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await h.store.readStream(studioDayStream('pochta', date))).toHaveLength(LIMIT);

    const other = await holdFrom('198.51.100.7', date, cells[LIMIT]!);
    expect(other.status).toBe(201);
    expect(await h.store.readStream(studioDayStream('pochta', date))).toHaveLength(LIMIT + 1);
  });

  it('counts refused attempts too, and an address written into X-Forwarded-For by the visitor does not reset the count', async () => {
    const date = futureDate();
    expect((await holdFrom('203.0.113.9', date, '10:00')).status).toBe(201);
    expect((await holdFrom('203.0.113.9', date, '10:00')).status).toBe(409);
    expect((await holdFrom('203.0.113.9', date, '22:00')).status).toBe(400);
    // A proxy that appends puts the real address after whatever the visitor claimed; only the last counts.
    const dodge = await holdFrom('192.0.2.1, 203.0.113.9', date, '11:00');
    expect(dodge.status).toBe(429);
    expect(await h.store.readStream(studioDayStream('pochta', date))).toHaveLength(1);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const date = futureDate();
    const cells = ['10:00', '11:00', '12:00', '13:00'];
    for (const [i, cell] of cells.slice(0, LIMIT).entries()) expect((await holdFrom(`2001:db8:5:7::${i + 1}`, date, cell)).status).toBe(201);
    expect((await holdFrom('2001:db8:5:7:ffff::9', date, cells[LIMIT]!)).status).toBe(429);
    expect((await holdFrom('2001:db8:5:8::1', date, cells[LIMIT]!)).status).toBe(201);
  });

  it('does not count releases', async () => {
    const date = futureDate();
    const held = await holdFrom('203.0.113.20', date, '10:00');
    const cookie = held.headers.getSetCookie().find((c) => c.startsWith('visitor='))!.split(';')[0]!;
    for (let i = 0; i < LIMIT + 1; i++) {
      const released = await fetch(`${h.commandUrl}/api/holds/${String(held.body.holdId)}?studio=pochta&date=${date}`, { method: 'DELETE', headers: { 'x-forwarded-for': '203.0.113.20', cookie } });
      expect(released.status).toBe(200);
    }
    expect((await holdFrom('203.0.113.20', date, '10:00')).status).toBe(201);
  });
});

describe('X-Forwarded-For', () => {
  it('is not believed from a hop it does not trust: every address it names counts as the caller', async () => {
    const api = await startCommandApi({
      store: h.store,
      pool: h.pool,
      redisUrl: TEST_REDIS_URL,
      port: 0,
      // The harness' queue and counters, so its stop clears them; only this test holds as 127.0.0.1.
      queuePrefix: h.prefix,
      holdRateLimit: { max: LIMIT, windowMs: 60_000 },
      trustProxy: '10.0.0.0/8',
    });
    try {
      const date = futureDate();
      const cells = ['10:00', '11:00', '12:00', '13:00'];
      const statuses: number[] = [];
      for (const [i, cell] of cells.entries()) {
        const res = await postJson(`http://127.0.0.1:${api.port}`, '/api/holds', { studio: 'pochta', date, cells: [cell] }, 'POST', { 'x-forwarded-for': `203.0.113.${i + 1}` });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await api.close();
    }
  });
});

describe('the Redis counter', () => {
  it('opens again when the window ends', async () => {
    const counters = await connectRateLimitRedis(TEST_REDIS_URL);
    const limiter = createRateLimiter(counters, { max: 1, windowMs: 1000 }, `${h.prefix}:hold-rate`, 'hold attempts');
    try {
      const client = `window-${randomBytes(4).toString('hex')}`;
      expect(await limiter.take(client)).toEqual({ allowed: true });
      const refused = await limiter.take(client);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await limiter.take(client)).toEqual({ allowed: true });
    } finally {
      counters.disconnect();
    }
  });

  it('refuses to start command-api when Redis does not answer, saying so', async () => {
    await expect(startCommandApi({ store: h.store, pool: h.pool, redisUrl: 'redis://127.0.0.1:1', port: 0, queuePrefix: h.prefix })).rejects.toThrow(
      'Redis at REDIS_URL does not answer (connect ECONNREFUSED 127.0.0.1:1); the rate limiters need it to start',
    );
  });
});

describe('on Redis 6, which has no EXPIRE/PEXPIRE options (NX, XX, GT, LT)', () => {
  it('the test proxy answers PEXPIRE … NX as Redis 6 does and passes the rest through', async () => {
    const proxy = await startRedis6Proxy(TEST_REDIS_URL);
    const client = new Redis(proxy.url);
    try {
      await expect(client.pexpire(`${h.prefix}:hold-rate:probe`, 1000, 'NX')).rejects.toThrow("ERR wrong number of arguments for 'pexpire' command");
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
      await proxy.close();
    }
  });

  it(`refuses hold attempt ${DEFAULT_HOLD_RATE_LIMIT.max + 1} of a window with 429`, async () => {
    const proxy = await startRedis6Proxy(TEST_REDIS_URL);
    const api = await startCommandApi({ store: h.store, pool: h.pool, redisUrl: proxy.url, port: 0, queuePrefix: h.prefix });
    try {
      const date = futureDate();
      const statuses: number[] = [];
      for (let i = 0; i <= DEFAULT_HOLD_RATE_LIMIT.max; i++) {
        const res = await postJson(`http://127.0.0.1:${api.port}`, '/api/holds', { studio: 'pochta', date, cells: ['10:00'] }, 'POST', { 'x-forwarded-for': '203.0.113.66' });
        statuses.push(res.status);
      }
      // The first attempt holds the cell, the next ones find it taken, the one over the limit is refused.
      expect(statuses).toEqual([201, ...Array<number>(DEFAULT_HOLD_RATE_LIMIT.max - 1).fill(409), 429]);
    } finally {
      await api.close();
      await proxy.close();
    }
  });
});

describe('while Redis cannot count', () => {
  const outageWarnings = (warned: { mock: { calls: unknown[][] } }) => warned.mock.calls.filter(([line]) => String(line).includes('Redis cannot count'));

  it('limits in the process\'s memory and warns once, not per attempt (Redis port closed)', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreachable = new Redis('redis://127.0.0.1:1');
    unreachable.on('error', () => {});
    try {
      const limiter = createRateLimiter(unreachable, { max: 2, windowMs: 60_000 }, 'unreachable', 'hold attempts');
      expect(await limiter.take('203.0.113.5')).toEqual({ allowed: true });
      expect(await limiter.take('203.0.113.5')).toEqual({ allowed: true });
      const refused = await limiter.take('203.0.113.5');
      expect(refused).toEqual({ allowed: false, retryAfterMs: expect.any(Number) as number });
      if (!refused.allowed) expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(await limiter.take('203.0.113.6')).toEqual({ allowed: true });
      expect(outageWarnings(warned)).toEqual([[expect.stringContaining('each process counts hold attempts in its own memory')]]);
    } finally {
      unreachable.disconnect();
      warned.mockRestore();
    }
  });

  it('counts in Redis again once it is back, and warns again on the next outage', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const recovered = vi.spyOn(console, 'info').mockImplementation(() => {});
    let proxy = await startRedis6Proxy(TEST_REDIS_URL);
    const counters = await connectRateLimitRedis(proxy.url);
    const limiter = createRateLimiter(counters, { max: 2, windowMs: 60_000 }, `${h.prefix}:hold-rate`, 'hold attempts');
    const client = `outage-${randomBytes(4).toString('hex')}`;
    const counted = () => redis.get(`${h.prefix}:hold-rate:${client}`);
    try {
      expect(await limiter.take(client)).toEqual({ allowed: true });
      expect(await counted()).toBe('1');

      await proxy.close();
      expect(await limiter.take(client)).toEqual({ allowed: true });
      expect(await limiter.take(client)).toEqual({ allowed: true });
      expect((await limiter.take(client)).allowed).toBe(false);
      expect(await counted()).toBe('1');
      expect(outageWarnings(warned)).toHaveLength(1);

      proxy = await startRedis6Proxy(TEST_REDIS_URL, proxy.port);
      // ioredis reconnects on its own back-off; until then attempts still go to memory.
      for (let probe = 0; recovered.mock.calls.length === 0; probe++) {
        if (probe === 100) throw new Error('the limiter did not count in Redis again');
        await limiter.take(`outage-probe-${probe}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await limiter.take(client)).toEqual({ allowed: true });
      expect(await counted()).toBe('2');
      expect(outageWarnings(warned)).toHaveLength(1);

      await proxy.close();
      expect(await limiter.take(`${client}-next`)).toEqual({ allowed: true });
      expect(outageWarnings(warned)).toHaveLength(2);
    } finally {
      counters.disconnect();
      await proxy.close();
      warned.mockRestore();
      recovered.mockRestore();
    }
  });
});
