// The guest's visitor cookie: command-api gives a browser one on its first hold or checkout, keeps
// it after that, and records only its SHA-256 on the holds, so the calendar can tell the browser
// its own cells.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioDayStream } from '@studio/domain';
import { futureDate, guestIntentBody, openStack, postJson, type Stack } from '@studio/e2e/kit';

let h: Stack;
beforeAll(async () => {
  h = await openStack({ name: 'visitor', commandApi: true, seed: true });
});
afterAll(() => h.stop());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hold = (date: string, cells: string[], headers: Record<string, string> = {}, extra: object = {}) =>
  postJson(h.commandUrl, '/api/holds', { studio: 'pochta', date, cells, ...extra }, 'POST', headers);
/** The visitor cookies an answer sets (a write's answer sets read_position besides). */
const setCookies = (headers: Headers) => headers.getSetCookie().filter((cookie) => cookie.startsWith('visitor='));
const visitorIn = (headers: Headers) => /^visitor=([^;]*);/.exec(setCookies(headers)[0] ?? '')?.[1];
const heldOccupant = async (date: string) => ((await h.store.readStream(studioDayStream('pochta', date))).at(-1)?.data as { occupant?: unknown } | undefined)?.occupant;

const intentBody = (date: string, totalPrice: number) => guestIntentBody(date, ['15:00-16:00'], totalPrice);

describe('the visitor cookie', () => {
  it('is set on a browser\'s first hold (32 random bytes, httpOnly, SameSite=Lax, Path=/, a year), then reused as it is', async () => {
    const date = futureDate();
    const first = await hold(date, ['12:00']);
    expect(first.status).toBe(201);
    expect(setCookies(first.headers)).toHaveLength(1);
    const [cookie] = setCookies(first.headers);
    expect(cookie).toMatch(/^visitor=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const token = visitorIn(first.headers)!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the hash is recorded, never the token.
    expect(await heldOccupant(date)).toEqual({ visitor: sha256(token) });
    const recorded = (await h.store.readStream(studioDayStream('pochta', date))).map((event) => JSON.stringify([event.data, event.metadata]));
    expect(recorded.join()).not.toContain(token);

    const again = await hold(date, ['13:00'], { cookie: `visitor=${token}` });
    expect(again.status).toBe(201);
    expect(setCookies(again.headers)).toEqual([]);
    expect(await heldOccupant(date)).toEqual({ visitor: sha256(token) });

    const other = await hold(date, ['14:00']);
    expect(visitorIn(other.headers)).not.toBe(token);
  });

  it('is Secure when the gateway says the request came over https', async () => {
    const res = await hold(futureDate(), ['12:00'], { 'x-forwarded-proto': 'https' });
    expect(setCookies(res.headers)[0]).toMatch(/; Secure;/);
    const plain = await hold(futureDate(), ['12:00']);
    expect(setCookies(plain.headers)[0]).not.toMatch(/Secure/);
  });

  it('replaces a malformed cookie with a new one', async () => {
    for (const junk of ['short', 'a'.repeat(44), `${'a'.repeat(42)}+`, 'j:{"a":1}']) {
      const date = futureDate();
      const res = await hold(date, ['12:00'], { cookie: `visitor=${encodeURIComponent(junk)}` });
      expect(res.status).toBe(201);
      const token = visitorIn(res.headers);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await heldOccupant(date)).toEqual({ visitor: sha256(token!) });
    }
  });

  it('cannot be named by the request body: an occupant visitor is refused with 400, a top-level one is ignored', async () => {
    const date = futureDate();
    const forged = 'f'.repeat(64);
    const refused = await hold(date, ['12:00'], {}, { occupant: { visitor: forged } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'invalid_input', field: 'occupant' });
    expect(await h.store.readStream(studioDayStream('pochta', date))).toEqual([]);

    const ignored = await hold(date, ['12:00'], {}, { visitor: forged });
    expect(ignored.status).toBe(201);
    expect(await heldOccupant(date)).toEqual({ visitor: sha256(visitorIn(ignored.headers)!) });
  });

  it('is set by a checkout too, and names the browser on the checkout\'s holds', async () => {
    const date = futureDate();
    const stale = await postJson(h.commandUrl, '/api/bookings/intent', intentBody(date, 1));
    expect(stale.status).toBe(409);
    const token = visitorIn(stale.headers)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await postJson(h.commandUrl, '/api/bookings/intent', { ...intentBody(date, stale.body.details.currentPrice), visitor: 'f'.repeat(64) }, 'POST', {
      cookie: `visitor=${token}`,
    });
    expect(res.status).toBe(201);
    expect(setCookies(res.headers)).toEqual([]);
    expect(await heldOccupant(date)).toEqual({ phone: '79991234567', visitor: sha256(token) });
  });
});
