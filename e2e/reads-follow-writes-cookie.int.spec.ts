// Reads follow writes for every client that keeps cookies (issue 17, item 1). A client that keeps
// its cookies as a browser does and sends no header of its own writes through the gateway and reads
// back at once, three times over for each kind of write, and each read shows its write: command-api
// hands the client the write's position in the `read_position` cookie, and query-api waits
// (bounded) for the read models an answer comes from to pass it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_POSITION_COOKIE } from '@studio/domain';
import { cookieClient, futureDate, guestIntentBody, openStack, registerCustomer, requestJson, type CookieClient, type Stack } from './kit';

let stack: Stack;
/** A super administrator's session (`staff_session=…`), and a browser signed in with it. */
let session: string;
let staff: CookieClient;
beforeAll(async () => {
  stack = await openStack({ name: 'ryw_cookie', gateway: true });
  session = (await stack.staffLogin('super')).headers.cookie!;
  staff = cookieClient(stack.baseUrl);
  await staff.adopt(session);
});
afterAll(() => stack?.stop());

const THREE_TIMES = [1, 2, 3];

/** A write that must be taken (2xx); its answer's body. */
async function write(client: CookieClient, method: string, path: string, body?: unknown) {
  const res = await client.send(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** Reads marked stale in a row before a test gives up: each waited out the 2 s bound. */
const STALE_READS_TOLERATED = 5;

/**
 * A read answered 200 and not marked stale; its body. Past the bound the answer says it is stale
 * (on loaded cores, or while a long transaction of another test's database holds every projection
 * back), and the client asks again: what the contract promises is that no answer NOT so marked
 * misses the client's write. Without the cookie no read is ever marked, so each is the first one.
 */
async function read(client: CookieClient, path: string) {
  for (let attempt = 1; ; attempt++) {
    const res = await client.get(path);
    expect(res.status, `GET ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    if (res.headers.get('x-read-stale') === null) return res.body;
    expect(attempt, `GET ${path} still marked stale`).toBeLessThan(STALE_READS_TOLERATED);
  }
}

/** A signed-in customer's browser, registered beforehand (not through it: its first write is the one read back). */
async function customerBrowser() {
  const customer = await registerCustomer(stack.commandUrl);
  const browser = cookieClient(stack.baseUrl);
  await browser.adopt(customer.cookie);
  return { customer, browser };
}

// Each test reads nine times at most, and each read may wait out the bound.
describe('a cookie-keeping client reads its own write at once, with no header', { timeout: 90_000 }, () => {
  it('services: one created is listed, one updated shows its new price, one deleted is gone', async () => {
    const listed = async () => (await read(staff, '/api/kirova/services')).data as { id: string; name: string; price: number }[];
    for (const n of THREE_TIMES) {
      const created = await write(staff, 'POST', '/api/kirova/services', { name: `Дым-машина ${n}`, price: 700 + n, format: 'infilming' });
      const id = created.data.id as string;
      expect(await listed()).toContainEqual(expect.objectContaining({ id, name: `Дым-машина ${n}`, price: 700 + n }));

      await write(staff, 'PUT', `/api/kirova/services/${id}`, { name: `Дым-машина ${n}`, price: 900 + n, format: 'infilming' });
      expect(await listed()).toContainEqual(expect.objectContaining({ id, price: 900 + n }));

      await write(staff, 'DELETE', `/api/kirova/services/${id}`);
      expect((await listed()).map((service) => service.id)).not.toContain(id);
    }
  });

  it('prices: a price list just posted is the current price', async () => {
    for (const n of THREE_TIMES) {
      const posted = await write(staff, 'POST', '/api/kirova/prices', { hour_price: 2000 + 100 * n, half_hour_price: 1000 + 50 * n });
      expect((await read(staff, '/api/kirova/prices/current')).data).toEqual({ id: posted.data.id, hour_price: 2000 + 100 * n, half_hour_price: 1000 + 50 * n });
    }
  });

  it('discounts: one created is listed, one deleted is no longer served', async () => {
    const listed = async () => ((await read(staff, '/api/admin/discounts?studio=kirova')).discounts as { id: string }[]).map((discount) => discount.id);
    for (const n of THREE_TIMES) {
      const created = await write(staff, 'POST', '/api/admin/discounts', { name: `Выходные ${n}`, description: '', discount_value: 10 + n, discount_type: 'weekend', studio: 'kirova' });
      const id = created.data.id as string;
      expect(await listed()).toContain(id);
      await write(staff, 'DELETE', `/api/admin/discounts/${id}`);
      expect(await listed()).not.toContain(id);
    }
  });

  it('photographers: one just added is listed', async () => {
    for (const n of THREE_TIMES) {
      await write(staff, 'POST', '/api/photographers', { name: `Светлана ${n}`, price: 3000 + n });
      const listed = (await read(staff, '/api/photographers')).data as { name: string }[];
      expect(listed.map((photographer) => photographer.name)).toContain(`Светлана ${n}`);
    }
  });

  it('promo codes: one just made is listed in the tab and checkable on the booking page', async () => {
    for (const n of THREE_TIMES) {
      const code = `COOKIE${n}`;
      await write(staff, 'POST', '/api/promocodes', { code, discount_percent: 10 + n, usage_limit: 5, expires_at: null, studio: null });
      expect(((await read(staff, '/api/promocodes')) as { code: string }[]).map((row) => row.code)).toContain(code);
      expect(await read(staff, `/api/promocodes/check/${code}?studio=kirova`)).toEqual({ success: true, data: { discount_percent: 10 + n, remaining_uses: 5 } });
    }
  });

  it('the hall: an edit shows on the public hall page', async () => {
    for (const n of THREE_TIMES) {
      await write(staff, 'PUT', '/api/kirova/hall', { hall_size: `${80 + n} м²`, features: [`Циклорама ${n}`], rules: [] });
      expect((await read(staff, '/api/kirova')).data).toMatchObject({ hall_size: `${80 + n} м²`, features: [`Циклорама ${n}`] });
    }
  });

  it('the profile: an edit reads back on /api/auth/me', async () => {
    const { customer, browser } = await customerBrowser();
    for (const surname of ['Иванова', 'Смирнова', 'Кузнецова']) {
      await write(browser, 'PUT', `/api/users/${customer.id}/profile`, { name: 'Анна', surname, email: null });
      expect((await read(browser, '/api/auth/me')).user).toMatchObject({ id: customer.id, surname });
    }
  });

  it('the cabinet: a customer’s new booking is listed', async () => {
    const { customer, browser } = await customerBrowser();
    for (const _ of THREE_TIMES) {
      const body = guestIntentBody(futureDate(), ['12:00-13:00'], 1);
      // A page with a stale price hears the server's and sends it again (a refusal writes nothing).
      const refused = await browser.send('POST', '/api/bookings/intent', body);
      expect(refused.body).toMatchObject({ code: 'price_changed' });
      const placed = await write(browser, 'POST', '/api/bookings/intent', { ...body, totalPrice: refused.body.details.currentPrice });
      const rows = (await read(browser, `/api/users/${customer.id}/bookings`)) as { intent_id: string }[];
      expect(rows.map((row) => row.intent_id)).toContain(placed.intentId);
    }
  });

  it('the calendar: a fresh hold shows its cells taken', async () => {
    const visitor = cookieClient(stack.baseUrl);
    for (const _ of THREE_TIMES) {
      const date = futureDate();
      await write(visitor, 'POST', '/api/holds', { studio: 'kirova', date, cells: ['14:00', '14:30'] });
      const slots = (await read(visitor, `/api/kirova/calendar/slots?startDate=${date}&endDate=${date}`)).data[date].slots;
      expect(slots['14:00-14:30']).toMatchObject({ available: false });
      expect(slots['14:30-15:00']).toMatchObject({ available: false });
    }
  });
});

describe('the read_position cookie', () => {
  const NEVER_REACHED = `${'9'.repeat(20)}/${'9'.repeat(20)}`;
  const setCookieOf = (headers: Headers) => headers.getSetCookie().find((cookie) => cookie.startsWith(`${READ_POSITION_COOKIE}=`));
  /** The position a Set-Cookie of it carries. */
  const positionIn = (setCookie: string | undefined) => decodeURIComponent(setCookie?.split(';')[0]?.split('=')[1] ?? '');

  it('comes with a write answered 2xx, carrying its position, kept from scripts, sent to /api only, for a minute, Secure over https', async () => {
    const res = await requestJson(`${stack.baseUrl}/api/photographers`, { method: 'POST', body: { name: 'Олег', price: 2500 }, headers: { cookie: session } });
    expect(res.status).toBe(201);
    const cookie = setCookieOf(res.headers);
    expect(positionIn(cookie)).toBe(res.body.position);
    expect(cookie).toMatch(/; Max-Age=60;/);
    expect(cookie).toMatch(/; Path=\/api(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    // Behind a proxy that says the request came over https, it is kept off plain http.
    const overHttps = await requestJson(`${stack.commandUrl}/api/photographers`, { method: 'POST', body: { name: 'Ольга', price: 2500 }, headers: { cookie: session, 'x-forwarded-proto': 'https' } });
    expect(setCookieOf(overHttps.headers)).toMatch(/; Secure/);
  });

  it('does not come with a refused write, and keeps the newer position the client already had', async () => {
    const refused = await requestJson(`${stack.baseUrl}/api/photographers`, { method: 'POST', body: { name: '', price: -1 }, headers: { cookie: session } });
    expect(refused.status).toBe(400);
    expect(setCookieOf(refused.headers)).toBeUndefined();

    const newer = await requestJson(`${stack.baseUrl}/api/photographers`, {
      method: 'POST',
      body: { name: 'Пётр', price: 2500 },
      headers: { cookie: `${session}; ${READ_POSITION_COOKIE}=${encodeURIComponent(NEVER_REACHED)}` },
    });
    expect(newer.status).toBe(201);
    expect(positionIn(setCookieOf(newer.headers))).toBe(NEVER_REACHED);
  });

  it('does not hold up a read of a read model the write never touched', async () => {
    const browser = cookieClient(stack.baseUrl);
    await browser.adopt(session);
    // A promo code is the promo read model's alone: the catalogue's runner passes its position all the same.
    await write(browser, 'POST', '/api/promocodes', { code: 'ELSEWHERE', discount_percent: 5, usage_limit: 1, expires_at: null, studio: null });
    expect(await browser.cookie(READ_POSITION_COOKIE)).toBeDefined();
    // Were checkpoints to move on a projection's own events only, the hall would stay stale for good.
    expect((await read(browser, '/api/pochta')).success).toBe(true);
  });

  it('marks a read stale when its read model cannot reach the position in time, and ignores a cookie that is no position', async () => {
    const unreachable = await requestJson(`${stack.baseUrl}/api/pochta`, { headers: { cookie: `${READ_POSITION_COOKIE}=${encodeURIComponent(NEVER_REACHED)}` } });
    expect(unreachable.status).toBe(200);
    expect(unreachable.headers.get('x-read-stale')).toBe('1');
    expect(unreachable.body.success).toBe(true);

    const garbled = await requestJson(`${stack.baseUrl}/api/pochta`, { headers: { cookie: `${READ_POSITION_COOKIE}=not-a-position` } });
    expect(garbled.status).toBe(200);
    expect(garbled.headers.get('x-read-stale')).toBeNull();
  });
});
