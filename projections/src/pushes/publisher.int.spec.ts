import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { openStack, type Stack } from '@studio/e2e/kit';
import { event } from '../test-support';
import { changesChannel } from './publisher';

let fixture: Stack;
let subscriber: Redis;
const prefix = `test-${randomUUID()}`;

interface Received {
  message: { event: string; payload: object };
  /** Calendar rows of the message's day, read the moment the message arrived. */
  rows: unknown[];
}
const received: Received[] = [];
let onReceived: () => void = () => undefined;

beforeAll(async () => {
  subscriber = new Redis(TEST_REDIS_URL);
  await subscriber.subscribe(changesChannel(`${prefix}:`));
  subscriber.on('message', (_channel, text: string) => {
    const message = JSON.parse(text) as { event: string; payload: { studio: string; date?: string } };
    const read =
      message.event === 'bookingChange'
        ? fixture.pool.query('SELECT cell, hold_id FROM calendar_cells WHERE studio = $1 AND date = $2 ORDER BY cell', [message.payload.studio, message.payload.date]).then((r) => r.rows)
        : Promise.resolve([]);
    void read.then((rows) => {
      received.push({ message, rows });
      onReceived();
    });
  });
  fixture = await openStack({ name: 'proj', projections: true, prefix });
});

afterAll(async () => {
  subscriber?.disconnect();
  await fixture?.stop();
});

const next = (count: number) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received.length} messages arrived`)), 10_000);
    onReceived = () => {
      if (received.length >= count) {
        clearTimeout(timer);
        resolve();
      }
    };
    onReceived();
  });

describe('change pushes', () => {
  it('announces a hold once its rows are committed, one message per studio day', async () => {
    const day = { studio: 'kirova', date: '2030-04-02' };
    const { position } = await fixture.store.appendToStream(`studio-day-${day.studio}-${day.date}`, [
      event('SlotsHeld', { ...day, cells: ['18:00', '18:30'], holdId: 'h1', bookingId: 'b1', occupant: {}, expiresAt: '2030-04-02T11:15:00Z' }),
      event('SlotsHeld', { ...day, cells: ['19:00'], holdId: 'h2', bookingId: 'b2', occupant: {}, expiresAt: '2030-04-02T11:15:00Z' }),
    ]);
    await next(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([
      {
        message: { event: 'bookingChange', payload: day, position },
        rows: [
          { cell: '18:00', hold_id: 'h1' },
          { cell: '18:30', hold_id: 'h1' },
          { cell: '19:00', hold_id: 'h2' },
        ],
      },
    ]);
  });

  it('announces catalog changes per studio', async () => {
    received.length = 0;
    const { position } = await fixture.store.appendToStream('catalog-masterskaya', [event('GroupDiscountSwitched', { studio: 'masterskaya', enabled: true })]);
    await next(1);
    expect(received.map((r) => r.message)).toEqual([{ event: 'catalogChange', payload: { studio: 'masterskaya' }, position }]);
  });
});
