import { Queue, UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioDayAggregate, studioDayStream } from '@studio/domain';
import { createCommandHandler } from '@studio/platform';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { HOLDS_QUEUE, releaseExpiredHold, releaseHoldJobId } from '@studio/workers';
import { startCommandApi } from '../index';
import { futureDate, postJson, startHarness, type CommandApiHarness } from '../testing/harness';

let h: CommandApiHarness;
beforeAll(async () => {
  h = await startHarness({ workers: true });
});
afterAll(() => h.stop());

describe('POST /api/holds', () => {
  it('appends SlotsHeld, answers 201 with the position and schedules the release 15 minutes ahead', async () => {
    const date = futureDate();
    const before = Date.now();
    const res = await postJson(h.base, '/api/holds', { studio: 'kirova', date, cells: ['14:00', '14:30'], occupant: { phone: '+7 (999) 123-45-67' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, holdId: expect.any(String), bookingId: expect.any(String), position: expect.any(String) });
    const events = await h.store.readStream(studioDayStream('kirova', date));
    expect(events).toHaveLength(1);
    const [held] = events;
    expect(held).toMatchObject({
      type: 'SlotsHeld',
      position: res.body.position,
      data: { studio: 'kirova', date, cells: ['14:00', '14:30'], holdId: res.body.holdId, bookingId: res.body.bookingId, occupant: { phone: '79991234567' } },
      metadata: { correlationId: expect.any(String), causationId: expect.stringMatching(/^request:/) },
    });
    const expiresAt = Date.parse(String(res.body.expiresAt));
    expect(expiresAt - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: h.queuePrefix });
    try {
      const job = await queue.getJob(releaseHoldJobId(String(res.body.holdId)));
      expect(job?.data).toMatchObject({ studio: 'kirova', date, holdId: res.body.holdId });
      expect(await job?.getState()).toBe('delayed');
      expect(job!.timestamp + job!.delay).toBeGreaterThanOrEqual(expiresAt - 1000);
    } finally {
      await queue.close();
    }
  });

  it('refuses an overlapping hold with 409 slot_taken and appends nothing', async () => {
    const date = futureDate();
    const first = await postJson(h.base, '/api/holds', { studio: 'pochta', date, cells: ['10:00', '10:30', '11:00'] });
    expect(first.status).toBe(201);
    const second = await postJson(h.base, '/api/holds', { studio: 'pochta', date, cells: ['11:00', '11:30'] });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, error: 'Выбранное время уже занято', code: 'slot_taken', field: 'cells' });
    const neighbour = await postJson(h.base, '/api/holds', { studio: 'pochta', date, cells: ['11:30'] });
    expect(neighbour.status).toBe(201);
    const types = (await h.store.readStream(studioDayStream('pochta', date))).map((e) => e.type);
    expect(types).toEqual(['SlotsHeld', 'SlotsHeld']);
  });

  it('refuses cells outside opening hours with 400 from the decider', async () => {
    const res = await postJson(h.base, '/api/holds', { studio: 'pochta', date: futureDate(), cells: ['22:00'] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'outside_opening_hours', field: 'cells' });
  });
});

describe('a hold whose release cannot be scheduled', () => {
  it('is given back and the request fails with 500', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = await startCommandApi({ store: h.store, redisUrl: 'redis://127.0.0.1:1', port: 0 });
    try {
      const date = futureDate();
      const res = await postJson(`http://127.0.0.1:${api.port}`, '/api/holds', { studio: 'pochta', date, cells: ['20:00'] });
      expect(res.status).toBe(500);
      const events = await h.store.readStream(studioDayStream('pochta', date));
      expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
        ['SlotsHeld', undefined],
        ['HoldReleased', 'compensation'],
      ]);
    } finally {
      await api.close();
      logged.mockRestore();
    }
  }, 30_000);
});

describe('DELETE /api/holds/:holdId', () => {
  it('releases a hold once; the cells can be held again', async () => {
    const date = futureDate();
    const held = await postJson(h.base, '/api/holds', { studio: 'masterskaya', date, cells: ['18:00'] });
    const path = `/api/holds/${String(held.body.holdId)}?studio=masterskaya&date=${date}`;
    const released = await fetch(h.base + path, { method: 'DELETE' });
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ success: true, released: true, position: expect.any(String) });
    const again = await fetch(h.base + path, { method: 'DELETE' });
    expect(await again.json()).toMatchObject({ success: true, released: false });
    const rehold = await postJson(h.base, '/api/holds', { studio: 'masterskaya', date, cells: ['18:00'] });
    expect(rehold.status).toBe(201);
    const events = await h.store.readStream(studioDayStream('masterskaya', date));
    expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['SlotsHeld', undefined],
      ['HoldReleased', 'cancelled'],
      ['SlotsHeld', undefined],
    ]);
  });
});

describe('hold expiry', () => {
  it('the worker releases a hold when its time runs out', async () => {
    // The API's clock runs 15 minutes minus 2 s behind: its 15-minute hold expires 2 s from now.
    const lagging = await startHarness({ workers: true, clock: { now: () => new Date(Date.now() - 15 * 60_000 + 2000) } });
    try {
      const date = futureDate();
      const held = await postJson(lagging.base, '/api/holds', { studio: 'pochta', date, cells: ['16:00', '16:30'] });
      expect(held.status).toBe(201);
      const stream = studioDayStream('pochta', date);
      const deadline = Date.now() + 25_000;
      let types: string[] = [];
      while (Date.now() < deadline) {
        const events = await lagging.store.readStream(stream);
        types = events.map((e) => e.type);
        if (types.includes('HoldReleased')) {
          expect(events[1]).toMatchObject({
            data: { holdId: held.body.holdId, reason: 'expired', cells: ['16:00', '16:30'] },
            metadata: { actor: 'system:hold-expiry', correlationId: events[0]!.metadata.correlationId },
          });
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(types).toEqual(['SlotsHeld', 'HoldReleased']);
    } finally {
      await lagging.stop();
    }
  }, 60_000);

  it('a job for a confirmed or already released hold appends nothing', async () => {
    const date = futureDate();
    const stream = studioDayStream('kirova', date);
    const confirmed = await postJson(h.base, '/api/holds', { studio: 'kirova', date, cells: ['12:00'] });
    const holdId = String(confirmed.body.holdId);
    await createCommandHandler(h.store).handle(studioDayAggregate, { type: 'ConfirmHold', data: { studio: 'kirova', date, holdId, bookingId: String(confirmed.body.bookingId) } });
    const job = { id: 'test', data: { studio: 'kirova', date, holdId } };
    expect((await releaseExpiredHold(h, job))?.events).toEqual([]);

    const released = await postJson(h.base, '/api/holds', { studio: 'kirova', date, cells: ['13:00'] });
    const second = { id: 'test-2', data: { studio: 'kirova', date, holdId: String(released.body.holdId) } };
    expect((await releaseExpiredHold(h, second))?.events).toHaveLength(1);
    expect((await releaseExpiredHold(h, second))?.events).toEqual([]);
    expect((await h.store.readStream(stream)).map((e) => e.type)).toEqual(['SlotsHeld', 'HoldConfirmed', 'SlotsHeld', 'HoldReleased']);
  });

  it('a malformed job fails for good instead of being retried', async () => {
    await expect(releaseExpiredHold(h, { id: 'bad', data: { studio: 'moon', date: '2026-13-01', holdId: '' } })).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
