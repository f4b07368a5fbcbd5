// A guest's own cells in the public calendar: the browser whose visitor cookie held cells (a hold
// or a checkout on command-api) sees exactly those as `mine`; every other caller sees them taken
// and nothing more, whatever cookie or body it sends.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureDate, guestIntentBody, openStack, postJson, type Stack } from '@studio/e2e/kit';

let api: Stack;
beforeAll(async () => {
  api = await openStack({ name: 'mine', commandApi: true, projections: true, queryApi: true, seed: true });
});
afterAll(() => api?.stop());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const cookieOf = (token: string) => ({ cookie: `visitor=${token}` });
const tokenIn = (headers: Headers) => /^visitor=([^;]*);/.exec(headers.getSetCookie()[0] ?? '')![1]!;

async function hold(date: string, cells: string[], headers: Record<string, string> = {}, extra: object = {}) {
  const res = await postJson(api.commandUrl, '/api/holds', { studio: 'pochta', date, cells, ...extra }, 'POST', headers);
  expect(res.status).toBe(201);
  return res;
}

const slotsOf = async (date: string, headers: Record<string, string> = {}) => {
  const { status, body } = await api.query(`/api/pochta/calendar/slots?startDate=${date}&endDate=${date}`, headers);
  expect(status).toBe(200);
  return { body, slots: body.data[date].slots as Record<string, Record<string, unknown>> };
};
const taken = (slots: Record<string, Record<string, unknown>>) => Object.fromEntries(Object.entries(slots).filter(([, slot]) => slot.available === false));

describe('GET /api/{studio}/calendar/slots for a guest with a visitor cookie', () => {
  const date = futureDate();
  let mineToken: string;
  let otherToken: string;

  beforeAll(async () => {
    mineToken = tokenIn((await hold(date, ['12:00', '12:30'])).headers);
    otherToken = tokenIn((await hold(date, ['14:00'])).headers);
    // A body cannot make a hold anybody's: a top-level visitor is dropped, an occupant one refused.
    const last = await hold(date, ['16:00'], {}, { visitor: sha256(mineToken) });
    const refused = await postJson(api.commandUrl, '/api/holds', { studio: 'pochta', date, cells: ['17:00'], occupant: { visitor: sha256(mineToken) } });
    expect(refused.status).toBe(400);
    // The last write's own position: readAll's head can lag behind other suites' open transactions.
    await api.caughtUp(last.body.position);
  });

  it('marks exactly the cells the caller\'s browser holds as mine, and tells nothing about the others', async () => {
    const { body, slots } = await slotsOf(date, cookieOf(mineToken));
    expect(taken(slots)).toEqual({
      '12:00-12:30': { available: false, mine: true },
      '12:30-13:00': { available: false, mine: true },
      '14:00-14:30': { available: false },
      '16:00-16:30': { available: false },
    });
    const text = JSON.stringify(body);
    for (const secret of [mineToken, otherToken, sha256(mineToken), sha256(otherToken)]) expect(text).not.toContain(secret);
  });

  it('shows another visitor its own cell as mine and the first visitor\'s as taken only', async () => {
    const { slots } = await slotsOf(date, cookieOf(otherToken));
    expect(taken(slots)).toEqual({
      '12:00-12:30': { available: false },
      '12:30-13:00': { available: false },
      '14:00-14:30': { available: false, mine: true },
      '16:00-16:30': { available: false },
    });
  });

  // Headers are made when a test runs: the tokens exist only after beforeAll.
  it.each<[string, () => Record<string, string>]>([
    ['without a cookie', () => ({})],
    ['with a well-formed cookie nobody was given', () => cookieOf(randomBytes(32).toString('base64url'))],
    ['with the key itself as the cookie', () => cookieOf(sha256(mineToken))],
    ['with a malformed cookie', () => cookieOf(`${mineToken}x`)],
    ['with the cookie under another name', () => ({ cookie: `session=${mineToken}` })],
  ])('shows a caller %s every taken cell as taken only: no mine, user id, phone or key', async (_case, headers) => {
    const { body, slots } = await slotsOf(date, headers());
    expect(Object.values(taken(slots))).toEqual(Array(4).fill({ available: false }));
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`mine|userId|customerPhone|${sha256(mineToken)}|${sha256(otherToken)}`));
  });

  it('gives staff the booking behind each cell, and never a visitor key', async () => {
    const { body, slots } = await slotsOf(date, (await api.staffLogin('admin')).headers);
    for (const slot of Object.values(taken(slots))) expect(slot).toMatchObject({ available: false, state: 'held', bookingId: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(new RegExp(`mine|${sha256(mineToken)}|${sha256(otherToken)}`));
  });

  it('marks the cells of a guest\'s checkout as the guest\'s own', async () => {
    const day = futureDate();
    const intent = (totalPrice: number) => guestIntentBody(day, ['18:00-19:00'], totalPrice);
    const stale = await postJson(api.commandUrl, '/api/bookings/intent', intent(1), 'POST', cookieOf(mineToken));
    const placed = await postJson(api.commandUrl, '/api/bookings/intent', intent(stale.body.details.currentPrice), 'POST', cookieOf(mineToken));
    expect(placed.status).toBe(201);
    await api.caughtUp(placed.body.position);
    expect(taken((await slotsOf(day, cookieOf(mineToken))).slots)).toEqual({
      '18:00-18:30': { available: false, mine: true },
      '18:30-19:00': { available: false, mine: true },
    });
    expect(taken((await slotsOf(day, cookieOf(otherToken))).slots)).toEqual({ '18:00-18:30': { available: false }, '18:30-19:00': { available: false } });
    // Staff see the customer's phone and name.
    expect(taken((await slotsOf(day, (await api.staffLogin('admin')).headers)).slots)['18:00-18:30']).toMatchObject({ available: false, customerPhone: '79991234567', customerName: 'Анна' });
  });
});
