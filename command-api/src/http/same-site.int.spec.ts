// CSRF (issue 19 item 3): SameSite=Strict cookies stop other sites, not a page on another port of
// the same host, which is the same site; there a form once recorded a bank transfer as the signed-in
// super administrator. Writes now come only from the site's own pages, and every POST says it is JSON.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDayStream } from '@studio/domain';
import { TEST_REDIS_URL } from '@studio/platform/testing';
import { futureDate, openStack, type Stack, type TestStaffMember } from '@studio/e2e/kit';
import { startCommandApi } from '../index';

const SITE = 'http://127.0.0.1:3000';
/** The attacker's page: the same host, another port. */
const SAME_HOST_PAGE = 'http://127.0.0.1:4000';

let h: Stack;
let api: Awaited<ReturnType<typeof startCommandApi>>;
let base: string;
let boss: TestStaffMember;

beforeAll(async () => {
  h = await openStack({ name: 'same_site', commandApi: true });
  api = await startCommandApi({ store: h.store, pool: h.pool, redisUrl: TEST_REDIS_URL, port: 0, queuePrefix: h.prefix, media: h.media, allowedOrigins: [SITE, 'http://localhost:3000'] });
  base = `http://127.0.0.1:${api.port}`;
  boss = await h.staffLogin('super');
});
afterAll(async () => {
  await api.close();
  await h.stop();
});

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  const res = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const holdBody = (date: string, cell: string) => JSON.stringify({ studio: 'pochta', date, cells: [cell] });
const FOREIGN = { success: false, error: 'Запрос с чужого сайта отклонён', code: 'foreign_origin' };

describe('a write from a page of another origin', () => {
  it.each([
    ['its Origin', { origin: SAME_HOST_PAGE }],
    ['its Referer, when it sends no Origin', { referer: `${SAME_HOST_PAGE}/attack.html` }],
    ['an Origin of null (a sandboxed frame)', { origin: 'null' }],
    ['another scheme of the site', { origin: 'https://127.0.0.1:3000' }],
  ])('is refused with 403 by %s, and nothing is written', async (_by, page) => {
    const date = futureDate();
    const res = await send('POST', '/api/holds', { 'content-type': 'application/json', ...page }, holdBody(date, '12:00'));
    expect(res).toEqual({ status: 403, body: FOREIGN });
    expect(await h.store.readStream(studioDayStream('pochta', date))).toEqual([]);
  });

  it('is refused whatever it sends: the attack, a text/plain form recording a bank transfer as the super administrator', async () => {
    const res = await send('POST', `/api/kirova/bookings/${randomUUID()}/mark-transfer-rest-paid`, { ...boss.headers, origin: SAME_HOST_PAGE, 'content-type': 'text/plain' }, 'x=1');
    expect(res).toEqual({ status: 403, body: FOREIGN });
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await send(method, `/api/admin/${randomUUID()}`, { ...boss.headers, origin: SAME_HOST_PAGE, 'content-type': 'application/json' }, '{}')).body).toEqual(FOREIGN);
    }
  });
});

describe('the site itself', () => {
  it('writes from its pages, named by Origin or by Referer, and from no page at all (a server, a script)', async () => {
    const date = futureDate();
    expect((await send('POST', '/api/holds', { 'content-type': 'application/json', origin: SITE }, holdBody(date, '12:00'))).status).toBe(201);
    expect((await send('POST', '/api/holds', { 'content-type': 'application/json', origin: 'http://localhost:3000' }, holdBody(date, '13:00'))).status).toBe(201);
    expect((await send('POST', '/api/holds', { 'content-type': 'application/json', referer: `${SITE}/pochta/booking` }, holdBody(date, '14:00'))).status).toBe(201);
    expect((await send('POST', '/api/holds', { 'content-type': 'application/json' }, holdBody(date, '15:00'))).status).toBe(201);
    expect(await h.store.readStream(studioDayStream('pochta', date))).toHaveLength(4);
  });

  it('reads from any page: reads change nothing', async () => {
    const res = await send('GET', `/api/payment-intents/${randomUUID()}/sync`, { origin: SAME_HOST_PAGE });
    expect(res.body.code).not.toBe('foreign_origin');
  });

  it('takes the payment provider\'s notifications, which come from no page, by path', async () => {
    const res = await send('POST', '/api/payments/notifications', { 'content-type': 'application/json', origin: SAME_HOST_PAGE }, '{}');
    expect(res.body.code).not.toBe('foreign_origin');
  });
});

describe('a POST', () => {
  const markPaid = `/api/kirova/bookings/${randomUUID()}/mark-transfer-rest-paid`;

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart to a route that takes none', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['no content type', {}],
  ])('without a body is refused with 415 when it says %s, as a page of any origin could send it', async (_says, type) => {
    const res = await send('POST', markPaid, { ...boss.headers, origin: SITE, ...type });
    expect(res).toEqual({ status: 415, body: { success: false, error: 'Запрос должен быть в формате JSON (Content-Type: application/json)', code: 'not_json' } });
  });

  it('saying JSON passes, bodyless too, and the hall photo upload takes its multipart form', async () => {
    const json = await send('POST', markPaid, { ...boss.headers, origin: SITE, 'content-type': 'application/json' });
    expect(json.status).not.toBe(415);
    const form = new FormData();
    form.append('photo', new Blob([Buffer.from('not an image')]), 'a.jpg');
    const upload = await fetch(`${base}/api/pochta/photos`, { method: 'POST', headers: { ...boss.headers, origin: SITE }, body: form });
    expect(upload.status).not.toBe(415);
  });
});
