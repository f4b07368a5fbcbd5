import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { startTestQueryApi, type TestQueryApi } from '../testing/harness';
import { CHANGES_CHANNEL } from './change-notice';

let api: TestQueryApi;
let publisher: Redis;
let socket: Socket;

const nextEvent = (name: string, timeoutMs = 3000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(name, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

const publish = (message: unknown) =>
  publisher.publish(`${api.channelPrefix}${CHANGES_CHANNEL}`, typeof message === 'string' ? message : JSON.stringify(message));

beforeAll(async () => {
  api = await startTestQueryApi();
  publisher = new Redis(TEST_REDIS_URL);
  socket = connect(api.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
});

afterAll(async () => {
  socket?.disconnect();
  await publisher?.quit();
  await api?.close();
});

describe('realtime change relay', () => {
  it('connects over the websocket transport', () => {
    expect(socket.io.engine.transport.name).toBe('websocket');
  });

  it('turns a studio-day notice into bookingChange {studio, date}', async () => {
    const received = nextEvent('bookingChange');
    expect(await publish({ kind: 'studio-day', studio: 'kirova', date: '2026-11-23', position: '00000000000000000042' })).toBe(1);
    expect(await received).toEqual({ studio: 'kirova', date: '2026-11-23' });
  });

  it('turns a catalog notice into catalogChange {studio}', async () => {
    const received = nextEvent('catalogChange');
    await publish({ kind: 'catalog', studio: 'masterskaya', position: '00000000000000000043' });
    expect(await received).toEqual({ studio: 'masterskaya' });
  });

  it('skips malformed notices, logs them, and keeps relaying', async () => {
    const received = nextEvent('bookingChange');
    await publish('not json');
    await publish({ kind: 'studio-day', studio: 'arbat', date: '2026-11-23' });
    await publish({ kind: 'studio-day', studio: 'pochta', date: '2026-11-24' });
    expect(await received).toEqual({ studio: 'pochta', date: '2026-11-24' });
    expect(api.logs.filter((log) => log.level === 'warn' && log.message.includes('malformed'))).toHaveLength(2);
  });

  it('ignores other prefixes\' channels', async () => {
    const events: unknown[] = [];
    const listener = (payload: unknown) => events.push(payload);
    socket.on('bookingChange', listener);
    await publisher.publish(`other-${api.channelPrefix}${CHANGES_CHANNEL}`, JSON.stringify({ kind: 'studio-day', studio: 'pochta', date: '2026-11-25' }));
    const control = nextEvent('catalogChange');
    await publish({ kind: 'catalog', studio: 'pochta' });
    await control;
    socket.off('bookingChange', listener);
    expect(events).toEqual([]);
  });
});
