// query-api over the real projections: events appended to the store show up in the answers a
// client gets with the append's position, and the change push reaches a browser socket.
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStream, studioDayStream } from '@studio/domain';
import { createPostgresEventStore, type EventStore } from '@studio/platform';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@studio/platform/testing';
import { startProjections, type RunningProjections } from '@studio/projections';
import { startQueryApi, type QueryApi } from './index';
import { createTestPool } from './testing/harness';

let database: TestDatabase;
let pool: ReturnType<typeof createTestPool>;
let store: EventStore;
let redis: Redis;
let projections: RunningProjections;
let api: QueryApi;
let socket: Socket;
let baseUrl: string;

const event = (type: string, data: unknown) => ({ id: randomUUID(), type, data });

beforeAll(async () => {
  database = await createTestDatabase('qapi');
  pool = createTestPool(database.url, 10);
  store = await createPostgresEventStore({ pool, pollIntervalMs: 200 });
  redis = new Redis(TEST_REDIS_URL);
  const channelPrefix = `qapi-e2e-${randomBytes(4).toString('hex')}:`;
  projections = await startProjections({ store, pool, redis, channelPrefix });
  api = await startQueryApi({ pool, redisUrl: TEST_REDIS_URL, port: 0, host: '127.0.0.1', channelPrefix });
  baseUrl = `http://127.0.0.1:${api.port}`;
  socket = connect(baseUrl, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
});

afterAll(async () => {
  socket?.disconnect();
  await api?.close();
  await projections?.stop();
  await redis?.quit();
  await store?.close();
  await pool?.end();
  await database?.drop();
});

describe('query-api with the projections', () => {
  it('shows a hold to the client that made it, and pushes bookingChange', async () => {
    const pushed = new Promise((resolve) => socket.once('bookingChange', resolve));
    const { position } = await store.appendToStream(studioDayStream('kirova', '2026-12-01'), [
      event('SlotsHeld', {
        studio: 'kirova', date: '2026-12-01', cells: ['14:00', '14:30'], holdId: 'h-e2e', bookingId: 'b-e2e',
        occupant: { userId: 'u-e2e', phone: '79995554433' }, expiresAt: '2026-12-01T07:15:00.000Z',
      }),
    ]);
    const response = await fetch(`${baseUrl}/api/kirova/calendar/slots?startDate=2026-12-01&endDate=2026-12-01`, { headers: { 'X-Read-Position': position } });
    expect(response.headers.get('x-read-stale')).toBeNull();
    const body = (await response.json()) as { data: Record<string, { slots: Record<string, unknown> }> };
    expect(body.data['2026-12-01']!.slots['14:00-14:30']).toEqual({ available: false, userId: 'u-e2e', customerPhone: '79995554433' });
    expect(body.data['2026-12-01']!.slots['14:30-15:00']).toEqual({ available: false, userId: 'u-e2e', customerPhone: '79995554433' });
    expect(body.data['2026-12-01']!.slots['15:00-15:30']).toEqual({ available: true });
    expect(await pushed).toEqual({ studio: 'kirova', date: '2026-12-01' });
  });

  it('answers a new price right after it is set, in roubles', async () => {
    const { position } = await store.appendToStream(catalogStream('kirova'), [
      event('PricesSet', { studio: 'kirova', priceId: 'p-e2e', hourPrice: 275000, halfHourPrice: 140000 }),
    ]);
    const response = await fetch(`${baseUrl}/api/kirova/prices/current?readPosition=${encodeURIComponent(position)}`);
    expect(response.headers.get('x-read-stale')).toBeNull();
    expect(await response.json()).toEqual({ success: true, data: { id: 'p-e2e', hour_price: 2750, half_hour_price: 1400 } });
  });
});
