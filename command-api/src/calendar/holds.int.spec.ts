import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOLDS_QUEUE, releaseHoldJobId, studioDayStream } from '@studio/domain';
import { committedEvents, TEST_REDIS_URL } from '@studio/platform/testing';
import { startCommandApi } from '../index';
import { futureDate, openStack, postJson, registerCustomer, type Stack } from '@studio/e2e/kit';
import { startRedis6Proxy } from './redis-6-proxy';

let h: Stack;
beforeAll(async () => {
  h = await openStack({ name: 'holds', commandApi: true });
});
afterAll(() => h.stop());

describe('POST /api/holds', () => {
  it('appends SlotsHeld, answers 201 with the position and schedules the release 15 minutes ahead', async () => {
    const date = futureDate();
    const before = h.clock.now().getTime();
    const res = await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['14:00', '14:30'], occupant: { phone: '+7 (999) 123-45-67' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, holdId: expect.any(String), bookingId: expect.any(String), position: expect.any(String) });
    const events = await h.store.readStream(studioDayStream('kirova', date));
    expect(events).toHaveLength(1);
    const [held] = events;
    expect(held).toMatchObject({
      type: 'SlotsHeld',
      position: res.body.position,
      data: { studio: 'kirova', date, cells: ['14:00', '14:30'], holdId: res.body.holdId, bookingId: res.body.bookingId, occupant: { phone: '79991234567' } },
      metadata: { correlationId: expect.any(String), causationId: expect.stringMatching(/^request:/), actor: 'customer:guest' },
    });
    const expiresAt = Date.parse(String(res.body.expiresAt));
    expect(expiresAt - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(expiresAt - h.clock.now().getTime()).toBeLessThanOrEqual(15 * 60_000);

    const queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: h.prefix });
    try {
      const job = await queue.getJob(releaseHoldJobId(String(res.body.holdId)));
      expect(job?.data).toMatchObject({ studio: 'kirova', date, holdId: res.body.holdId });
      expect(await job?.getState()).toBe('delayed');
      // Delayed until the expiry on the API's clock, counted from when it was scheduled.
      expect(job!.delay).toBeGreaterThanOrEqual(expiresAt - h.clock.now().getTime());
      expect(job!.delay).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      await queue.close();
    }
  });

  it('refuses an overlapping hold with 409 slot_taken and appends nothing', async () => {
    const date = futureDate();
    const first = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['10:00', '10:30', '11:00'] });
    expect(first.status).toBe(201);
    const second = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['11:00', '11:30'] });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, error: 'Выбранное время уже занято', code: 'slot_taken', field: 'cells' });
    const neighbour = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['11:30'] });
    expect(neighbour.status).toBe(201);
    const types = (await h.store.readStream(studioDayStream('pochta', date))).map((e) => e.type);
    expect(types).toEqual(['SlotsHeld', 'SlotsHeld']);
  });

  it('refuses cells outside opening hours with 400 from the decider', async () => {
    const res = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date: futureDate(), cells: ['22:00'] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'outside_opening_hours', field: 'cells' });
  });
});

describe('a hold whose release cannot be scheduled', () => {
  it('is given back and the request fails at once with 503 unavailable and Retry-After', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // command-api refuses to start without Redis, so Redis goes away after the start.
    const redis = await startRedis6Proxy(TEST_REDIS_URL);
    const api = await startCommandApi({ store: h.store, pool: h.pool, redisUrl: redis.url, port: 0 });
    await redis.close();
    try {
      const date = futureDate();
      const started = performance.now();
      const res = await postJson(`http://127.0.0.1:${api.port}`, '/api/holds', { studio: 'pochta', date, cells: ['20:00'] });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ success: false, code: 'unavailable' });
      expect(res.headers.get('retry-after')).toBe('5');
      // Not after the 5 s scheduling time-out: the queue's connection is seen to be down (room left for a loaded machine).
      expect(performance.now() - started).toBeLessThan(2500);
      const events = await h.store.readStream(studioDayStream('pochta', date));
      expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
        ['SlotsHeld', undefined],
        ['HoldReleased', 'compensation'],
      ]);
    } finally {
      await api.close();
      logged.mockRestore();
      warned.mockRestore();
    }
  }, 30_000);
});

/** The visitor cookie a hold's answer gave its browser, as `name=value`. */
const visitorCookieOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('visitor='))!.split(';')[0]!;

describe('DELETE /api/holds/:holdId', () => {
  it('releases a hold once; the cells can be held again', async () => {
    const date = futureDate();
    const held = await postJson(h.commandUrl, '/api/holds', { studio: 'masterskaya', date, cells: ['18:00'] });
    const path = `/api/holds/${String(held.body.holdId)}?studio=masterskaya&date=${date}`;
    const own = { cookie: visitorCookieOf(held) };
    const released = await fetch(h.commandUrl + path, { method: 'DELETE', headers: own });
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ success: true, released: true, position: expect.any(String) });
    const again = await fetch(h.commandUrl + path, { method: 'DELETE', headers: own });
    expect(await again.json()).toMatchObject({ success: true, released: false });
    const rehold = await postJson(h.commandUrl, '/api/holds', { studio: 'masterskaya', date, cells: ['18:00'] });
    expect(rehold.status).toBe(201);
    const events = await h.store.readStream(studioDayStream('masterskaya', date));
    expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['SlotsHeld', undefined],
      ['HoldReleased', 'cancelled'],
      ['SlotsHeld', undefined],
    ]);
  });

  it("is refused with 403 to anyone but the hold's browser, its account or staff, and nothing is released", async () => {
    const date = futureDate();
    const customer = await registerCustomer(h.commandUrl);
    const held = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['12:00'] }, 'POST', { cookie: customer.cookie });
    const path = `/api/holds/${String(held.body.holdId)}?studio=pochta&date=${date}`;
    const stranger = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['15:00'] });
    const other = await registerCustomer(h.commandUrl);
    for (const who of [{}, { cookie: visitorCookieOf(stranger) }, { cookie: other.cookie }] as Record<string, string>[]) {
      const refused = await postJson(h.commandUrl, path, undefined, 'DELETE', who);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ success: false, error: 'Снять можно только своё удержание времени', code: 'hold_not_yours', field: 'holdId' });
    }
    expect((await h.store.readStream(studioDayStream('pochta', date))).map((e) => e.type)).toEqual(['SlotsHeld', 'SlotsHeld']);

    // The account lets it go from another browser (no visitor cookie of the hold's).
    expect((await postJson(h.commandUrl, path, undefined, 'DELETE', { cookie: customer.cookie })).body).toMatchObject({ released: true });
    // Staff may release anyone's.
    const staff = await h.staffLogin('admin');
    const strangerPath = `/api/holds/${String(stranger.body.holdId)}?studio=pochta&date=${date}`;
    expect((await postJson(h.commandUrl, strangerPath, undefined, 'DELETE', staff.headers)).body).toMatchObject({ released: true });
  });
});

describe('a retried hold', () => {
  it('with the same Idempotency-Key is answered with the first hold, and no second hold blocks the cells', async () => {
    const date = futureDate();
    const body = { studio: 'pochta', date, cells: ['15:00', '15:30'] };
    const headers = { 'idempotency-key': 'checkout-7f3c2a9e-retry' };
    const first = await postJson(h.commandUrl, '/api/holds', body, 'POST', headers);
    const retry = await postJson(h.commandUrl, '/api/holds', body, 'POST', headers);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await h.store.readStream(studioDayStream('pochta', date))).map((e) => e.type)).toEqual(['SlotsHeld']);
    // Another key is another hold, which the first one's cells refuse.
    const other = await postJson(h.commandUrl, '/api/holds', body, 'POST', { 'idempotency-key': 'checkout-other-attempt' });
    expect(other.status).toBe(409);
  });

  it('with the same client hold id is answered with the first hold', async () => {
    const date = futureDate();
    const body = { studio: 'kirova', date, cells: ['17:00'], holdId: '0b9d0f4e-2f6a-4c55-9d3e-6a1c1e0f7b21' };
    const first = await postJson(h.commandUrl, '/api/holds', body);
    const retry = await postJson(h.commandUrl, '/api/holds', body);
    expect(first.body).toMatchObject({ success: true, holdId: body.holdId });
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body).toEqual(first.body);
    expect((await h.store.readStream(studioDayStream('kirova', date))).map((e) => e.type)).toEqual(['SlotsHeld']);
  });

  it('reusing a hold id for other cells is a conflict, not a second hold', async () => {
    const date = futureDate();
    const holdId = '5c1f6a8e-9b7d-4e3a-8f21-0d4c6b2a9e13';
    await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['12:00'], holdId });
    const reused = await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['13:00'], holdId });
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ success: false, code: 'hold_exists' });
  });
});

describe('bounded input', () => {
  it('refuses a body naming an account (only a session does) with 400, appending nothing', async () => {
    const before = (await committedEvents(h.db.url)).length;
    const res = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date: futureDate(), cells: ['12:00'], occupant: { userId: 'customer-42' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'invalid_input', field: 'occupant' });
    expect((await committedEvents(h.db.url)).length).toBe(before);
  });

  it.each([
    ['a long phone', { phone: '7'.repeat(40) }, 'occupant.phone'],
    ['an idempotency key of 101 characters', undefined, 'Idempotency-Key'],
  ])('refuses %s', async (_name, occupant, field) => {
    const headers: Record<string, string> = occupant ? {} : { 'idempotency-key': 'k'.repeat(101) };
    const res = await postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date: futureDate(), cells: ['12:00'], ...(occupant ? { occupant } : {}) }, 'POST', headers);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field });
  });

  it('answers DELETE /api/holds/not-a-uuid with 400', async () => {
    const res = await fetch(`${h.commandUrl}/api/holds/not-a-uuid?studio=pochta&date=${futureDate()}`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'invalid_input', field: 'holdId' });
  });
});
