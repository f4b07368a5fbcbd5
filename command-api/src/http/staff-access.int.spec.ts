import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStream, studioDayStream } from '@studio/domain';
import { committedEvents, TEST_REDIS_URL } from '@studio/platform/testing';
import { startCommandApi } from '../index';
import { futureDate, openStack, postJson, type Stack } from '@studio/e2e/kit';
import { STAFF_TOKEN_ACTOR } from '@studio/platform';

/** Every catalogue and photographer write, each with a body it would accept. */
const WRITES: [method: string, path: string, body: unknown][] = [
  ['PUT', '/api/pochta/hall', { hall_size: '80 м²', features: ['Циклорама'], rules: [] }],
  ['POST', '/api/prices', { hour_price: 2000, half_hour_price: 1000 }],
  ['POST', '/api/kirova/prices', { hour_price: 2000, half_hour_price: 1000 }],
  ['POST', '/api/services', { name: 'Фон', price: 500, format: 'inhour' }],
  ['POST', '/api/masterskaya/services', { name: 'Фон', price: 500, format: 'inhour' }],
  ['POST', '/api/admin/discounts', { name: 'Выходные', discount_value: 10, discount_type: 'weekend', studio: 'Pochta' }],
  ['PUT', '/api/admin/settings/group-discount', { enabled: true, studio: 'kirova' }],
  ['PUT', '/api/formats/event', { price: 1500 }],
  ['PUT', '/api/kirova/formats/event', { price: 500 }],
  ['POST', '/api/photographers', { name: 'Анна', price: 3000 }],
];

let h: Stack;
let closed: { port: number; close(): Promise<void> };
let closedBase: string;
beforeAll(async () => {
  h = await openStack({ name: 'cmd', commandApi: true });
  // The same ledger behind an API started without a staff token, as a deployment that forgot it.
  closed = await startCommandApi({ store: h.store, pool: h.pool, redisUrl: TEST_REDIS_URL, port: 0, queuePrefix: h.prefix });
  closedBase = `http://127.0.0.1:${closed.port}`;
});
afterAll(async () => {
  await closed.close();
  await h.stop();
});

const eventCount = async () => (await committedEvents(h.db.url)).length;

describe('with no staff token configured', () => {
  it.each(WRITES)('%s %s answers 403 to everyone, bearer or not, and appends nothing', async (method, path, body) => {
    const before = await eventCount();
    const callers: Record<string, string>[] = [{}, { authorization: `Bearer ${h.staffToken}` }];
    for (const headers of callers) {
      const res = await postJson(closedBase, path, body, method, headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Изменять каталог могут только сотрудники', code: 'forbidden' });
    }
    expect(await eventCount()).toBe(before);
  });

  it('still takes holds from anyone', async () => {
    const date = futureDate();
    const res = await postJson(closedBase, '/api/holds', { studio: 'pochta', date, cells: ['12:00'] });
    expect(res.status).toBe(201);
    expect((await h.store.readStream(studioDayStream('pochta', date))).map((e) => e.type)).toEqual(['SlotsHeld']);
  });
});

describe('with a staff token configured', () => {
  const wrong = (token: string) => [
    ['no Authorization header', {}],
    ['another token', { authorization: `Bearer ${'x'.repeat(token.length)}` }],
    ['the token cut short', { authorization: `Bearer ${token.slice(0, -1)}` }],
    ['the token with more after it', { authorization: `Bearer ${token}0` }],
    ['the token in another scheme', { authorization: `Basic ${token}` }],
    ['the token without a scheme', { authorization: token }],
  ] as const;

  it.each(WRITES)('%s %s answers 401 with a Bearer challenge to a caller without the right token, appending nothing', async (method, path, body) => {
    const before = await eventCount();
    for (const [reason, headers] of wrong(h.staffToken)) {
      const res = await postJson(h.commandUrl, path, body, method, headers);
      expect(res.status, reason).toBe(401);
      expect(res.headers.get('www-authenticate'), reason).toBe('Bearer');
      expect(res.body, reason).toEqual({ success: false, error: 'Нужна авторизация сотрудника', code: 'unauthorized' });
    }
    expect(await eventCount()).toBe(before);
  });

  it.each(WRITES)('%s %s is written for the right bearer, with staff named as the actor', async (method, path, body) => {
    const before = await eventCount();
    const res = await postJson(h.commandUrl, path, body, method, h.staffAuth);
    expect(res.status).toBe(method === 'PUT' ? 200 : 201);
    const appended = (await committedEvents(h.db.url)).slice(before);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ position: res.body.position, metadata: { actor: STAFF_TOKEN_ACTOR } });
  });

  it('reads the scheme case-insensitively, as HTTP says', async () => {
    const res = await postJson(h.commandUrl, '/api/kirova/prices', { hour_price: 2100, half_hour_price: 1100 }, 'POST', { authorization: `bearer ${h.staffToken}` });
    expect(res.status).toBe(201);
    expect((await h.store.readStream(catalogStream('kirova'))).at(-1)).toMatchObject({ type: 'PricesSet', data: { hourPrice: 210_000 } });
  });

  it('keeps holds public', async () => {
    const res = await postJson(h.commandUrl, '/api/holds', { studio: 'kirova', date: futureDate(), cells: ['15:00'] });
    expect(res.status).toBe(201);
  });
});
