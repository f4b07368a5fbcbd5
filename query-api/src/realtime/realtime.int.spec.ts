import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { openStack, type Stack } from '@studio/e2e/kit';
import { startQueryApi, type QueryApi } from '../index';
import { bookingChange, catalogChange, CHANGES_CHANNEL } from '@studio/domain';

let api: Stack;
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
  api = await openStack({ name: 'qapi', queryApi: true });
  publisher = new Redis(TEST_REDIS_URL);
  socket = connect(api.queryUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
});

afterAll(async () => {
  socket?.disconnect();
  await publisher?.quit();
  await api?.stop();
});

describe('realtime change relay', () => {
  it('connects over the websocket transport', () => {
    expect(socket.io.engine.transport.name).toBe('websocket');
  });

  it('emits a bookingChange notice as bookingChange {studio, date}, without the position', async () => {
    const received = nextEvent('bookingChange');
    expect(await publish(bookingChange({ studio: 'kirova', date: '2026-11-23' }, '00000000000000000042/00000000000000000042'))).toBe(1);
    expect(await received).toEqual({ studio: 'kirova', date: '2026-11-23' });
  });

  it('emits any notice under the event it names: catalogChange {studio}', async () => {
    const received = nextEvent('catalogChange');
    await publish(catalogChange({ studio: 'masterskaya' }));
    expect(await received).toEqual({ studio: 'masterskaya' });
  });

  it('skips malformed notices, logs them, and keeps relaying', async () => {
    const received = nextEvent('bookingChange');
    await publish('not json');
    await publish({ event: 'bookingChange' });
    await publish(bookingChange({ studio: 'pochta', date: '2026-11-24' }));
    expect(await received).toEqual({ studio: 'pochta', date: '2026-11-24' });
    expect(api.logs.filter((log) => log.level === 'warn' && log.message.includes('malformed'))).toHaveLength(2);
  });

  it('ignores other prefixes\' channels', async () => {
    const events: unknown[] = [];
    const listener = (payload: unknown) => events.push(payload);
    socket.on('bookingChange', listener);
    await publisher.publish(`other-${api.channelPrefix}${CHANGES_CHANNEL}`, JSON.stringify(bookingChange({ studio: 'pochta', date: '2026-11-25' })));
    const control = nextEvent('catalogChange');
    await publish(catalogChange({ studio: 'pochta' }));
    await control;
    socket.off('bookingChange', listener);
    expect(events).toEqual([]);
  });
});

describe('socket origin', () => {
  const SITE = 'https://studio.example';
  let own: QueryApi;
  beforeAll(async () => {
    own = await startQueryApi({ pool: api.pool, redisUrl: TEST_REDIS_URL, port: 0, channelPrefix: api.channelPrefix, allowedOrigins: [SITE] });
  });
  afterAll(() => own?.close());

  const attempt = (origin: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const other = connect(`http://127.0.0.1:${own.port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { origin } });
      other.once('connect', () => {
        other.disconnect();
        resolve('connected');
      });
      other.once('connect_error', () => resolve('refused'));
    });

  it('refuses a browser page of another site', async () => {
    expect(await attempt('https://evil.example')).toBe('refused');
  });

  it('accepts the site\'s own origin', async () => {
    expect(await attempt(SITE)).toBe('connected');
  });
});
