// Hold expiry across command-api and the workers: the delayed release job fires at expiry, and a
// release job is harmless for a hold that was confirmed or already released.
import { Queue, UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDS_QUEUE, releaseHoldJobId, studioDayAggregate, studioDayStream } from '@studio/domain';
import { createCommandHandler, type CommandHandler } from '@studio/platform';
import { eventually, TEST_REDIS_URL } from '@studio/platform/testing';
import { releaseExpiredHold } from '@studio/workers';
import { futureDate, openStack, postJson, type Stack } from './kit';

let h: Stack;
let commands: CommandHandler;
beforeAll(async () => {
  h = await openStack({ name: 'expiry', commandApi: true });
  commands = createCommandHandler(h.store);
});
afterAll(() => h.stop());

describe('hold expiry', () => {
  it('the worker releases a hold when its time runs out', async () => {
    const withWorkers = await openStack({ name: 'cmd', commandApi: true, workers: true });
    const queue = new Queue(HOLDS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: withWorkers.prefix });
    try {
      const date = futureDate();
      const held = await postJson(withWorkers.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['16:00', '16:30'] });
      expect(held.status).toBe(201);
      // The release waits for the hold's expiry on the stack's clock: 15 minutes from when it was placed.
      const scheduled = await eventually(() => queue.getJob(releaseHoldJobId(String(held.body.holdId))));
      expect(await scheduled.getState()).toBe('delayed');
      expect(scheduled.opts.delay).toBeGreaterThan(14 * 60_000);
      expect(scheduled.opts.delay).toBeLessThanOrEqual(15 * 60_000);
      // Its time runs out: the job is due now, and the worker releases the hold.
      await scheduled.promote();
      const stream = studioDayStream('pochta', date);
      const events = await eventually(async () => {
        const read = await withWorkers.store.readStream(stream);
        return read.some((e) => e.type === 'HoldReleased') && read;
      }, 25_000);
      expect(events.map((e) => e.type)).toEqual(['SlotsHeld', 'HoldReleased']);
      expect(events[1]).toMatchObject({
        data: { holdId: held.body.holdId, reason: 'expired', cells: ['16:00', '16:30'] },
        metadata: { actor: 'system:hold-expiry', correlationId: events[0]!.metadata.correlationId },
      });
      // The job completes (its answer must survive BullMQ's JSON), so it is not retried ten times.
      const job = await eventually(async () => {
        const found = await queue.getJob(releaseHoldJobId(String(held.body.holdId)));
        return (await found?.getState()) === 'completed' && found;
      });
      expect(job.returnvalue).toEqual({ released: true });
      expect(job.attemptsMade).toBe(1);
    } finally {
      await queue.close();
      await withWorkers.stop();
    }
  }, 60_000);

  it('a job for a confirmed or already released hold appends nothing', async () => {
    const date = futureDate();
    const stream = studioDayStream('kirova', date);
    const confirmed = await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['12:00'] });
    const holdId = String(confirmed.body.holdId);
    await commands.handle(studioDayAggregate, { type: 'ConfirmHold', data: { studio: 'kirova', date, holdId, bookingId: String(confirmed.body.bookingId) } });
    const job = { id: 'test', data: { studio: 'kirova', date, holdId } };
    expect((await releaseExpiredHold({ commands }, job))?.events).toEqual([]);

    const released = await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date, cells: ['13:00'] });
    const second = { id: 'test-2', data: { studio: 'kirova', date, holdId: String(released.body.holdId) } };
    expect((await releaseExpiredHold({ commands }, second))?.events).toHaveLength(1);
    expect((await releaseExpiredHold({ commands }, second))?.events).toEqual([]);
    expect((await h.store.readStream(stream)).map((e) => e.type)).toEqual(['SlotsHeld', 'HoldConfirmed', 'SlotsHeld', 'HoldReleased']);
  });

  it('a malformed job fails for good instead of being retried', async () => {
    await expect(releaseExpiredHold({ commands }, { id: 'bad', data: { studio: 'moon', date: '2026-13-01', holdId: '' } })).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
