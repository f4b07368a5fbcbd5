// Each studio's secret iCal feed through query-api and its rotation through command-api, against the
// real event store and read models; the feed is parsed back with node-ical, as a calendar would.
import { createHash, randomUUID } from 'node:crypto';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, studioNotificationsStream, tomskInstant, type BookingEvent, type CalendarFeed, type Studio } from '@studio/domain';
import { given, openStack, postJson, type Stack, type TestStaffMember } from '@studio/e2e/kit';
import { testClock } from '@studio/platform/testing';

let stack: Stack;
let superAdmin: TestStaffMember;
beforeAll(async () => {
  stack = await openStack({ name: 'calendar_feeds', commandApi: true, queryApi: true, projections: true });
  superAdmin = await stack.staffLogin('super');
});
afterAll(async () => {
  await stack?.stop();
});

const feeds = async (headers: Record<string, string>) => {
  const res = await stack.query('/api/admin/calendar-feeds', headers);
  return { status: res.status, feeds: (res.body as { feeds?: CalendarFeed[] }).feeds ?? [] };
};
const feedOf = async (studio: Studio) => (await feeds(superAdmin.headers)).feeds.find((feed) => feed.studio === studio)!.url;
/** GET a feed URL as a calendar service does: no session, no cookie. */
const read = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((component): component is VEvent => component?.type === 'VEVENT');

async function booking(studio: Studio, date: string, cells: string[], name: string, then: (bookingId: string) => BookingEvent[] = () => []) {
  const bookingId = randomUUID();
  const events: BookingEvent[] = [
    {
      type: 'BookingPlaced',
      data: {
        bookingId,
        intentId: randomUUID(),
        studio,
        customer: { name, phone: '79991234567', email: 'c@example.ru', comment: '' },
        blocks: [{ date, cells, holdId: randomUUID() }],
        format: { kind: 'event', peopleCount: 20 },
        services: [],
        price: { lines: [], total: 500_000 },
        prepayPercent: 100,
      },
    },
    { type: 'BookingConfirmed', data: { bookingId, paymentId: randomUUID(), paid: 500_000 } },
    ...then(bookingId),
  ];
  const position = await given(stack.store, bookingAggregate, bookingStream(bookingId), events);
  await stack.caughtUp(position);
  return bookingId;
}

describe('a studio\'s calendar feed', () => {
  it('is listed for staff with a token of at least 128 bits, and answers RFC 5545 text/calendar without a session: one VEVENT per booking, cancelled ones CANCELLED', async () => {
    const date = testClock.day(20);
    const kept = await booking('kirova', date, ['12:00', '12:30', '13:00'], 'Мария Иванова');
    const cancelled = await booking('kirova', date, ['16:00'], 'Пётр Сидоров', (id) => [{ type: 'BookingCanceled', data: { bookingId: id, reason: 'customer', requestedBy: 'customer:1' } }]);
    await booking('pochta', date, ['16:00'], 'Не из этой студии');

    const admin = await stack.staffLogin('admin');
    const listed = await feeds(admin.headers);
    expect(listed.status).toBe(200);
    expect(listed.feeds.map((feed) => feed.studio)).toEqual(['pochta', 'kirova', 'masterskaya']);
    const url = listed.feeds.find((feed) => feed.studio === 'kirova')!.url;
    const token = /\/api\/calendar-feeds\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const res = await read(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = eventsOf(await res.text());
    expect(events.map((event) => event.uid).sort()).toEqual([`${cancelled}@studio-booking`, `${kept}@studio-booking`].sort());
    const one = events.find((event) => event.uid === `${kept}@studio-booking`)!;
    expect(one.summary).toBe('Мария Иванова — Мероприятие');
    expect(one.status).toBe('CONFIRMED');
    expect(one.start.getTime()).toBe(tomskInstant(date, '12:00').getTime());
    expect(one.end!.getTime()).toBe(tomskInstant(date, '13:30').getTime());
    expect(events.find((event) => event.uid === `${cancelled}@studio-booking`)!.status).toBe('CANCELLED');
    // The same booking keeps its UID on every read.
    expect(eventsOf(await (await read(url)).text()).map((event) => event.uid).sort()).toEqual(events.map((event) => event.uid).sort());
  });

  it('answers 404 to a wrong token, and to no staff member\'s list without a session', async () => {
    const url = await feedOf('pochta');
    const wrong = url.replace(/\/([A-Za-z0-9_-])([A-Za-z0-9_-]+)\.ics$/, (_all, first: string, rest: string) => `/${first === 'A' ? 'B' : 'A'}${rest}.ics`);
    expect((await read(wrong)).status).toBe(404);
    expect((await read(url.replace(/\.ics$/, ''))).status).toBe(404);
    expect((await read(`${stack.queryUrl}/api/calendar-feeds/short.ics`)).status).toBe(404);
    expect((await feeds({})).status).toBe(401);
  });

  it('is rotated by a super administrator only: the new URL works, and the old one answers 404 from then on', async () => {
    const old = await feedOf('masterskaya');
    expect((await read(old)).status).toBe(200);
    const admin = await stack.staffLogin('admin');
    expect((await postJson(stack.commandUrl, '/api/admin/calendar-feeds/masterskaya/rotate', {}, 'POST', admin.headers)).status).toBe(403);
    expect((await postJson(stack.commandUrl, '/api/admin/calendar-feeds/nowhere/rotate', {}, 'POST', superAdmin.headers)).status).toBe(404);

    const rotated = await postJson(stack.commandUrl, '/api/admin/calendar-feeds/masterskaya/rotate', {}, 'POST', superAdmin.headers);
    expect(rotated.status).toBe(200);
    const { feed, position } = rotated.body as { feed: CalendarFeed; position: string };
    expect(feed.studio).toBe('masterskaya');
    expect(feed.url).not.toBe(old);
    // Only the token's hash is stored, in the rotation's event; never the token.
    const token = /\/([A-Za-z0-9_-]+)\.ics$/.exec(feed.url)![1]!;
    const recorded = await stack.store.readStream(studioNotificationsStream('masterskaya'));
    expect(recorded.map((event) => event.data)).toEqual([{ studio: 'masterskaya', nonce: expect.any(String), tokenHash: createHash('sha256').update(token).digest('hex') }]);
    expect(JSON.stringify(recorded.map(({ data, metadata }) => ({ data, metadata })))).not.toContain(token);
    const after = { 'x-read-position': position };
    expect((await read(old, after)).status).toBe(404);
    const fresh = await read(feed.url.replace(/^https?:\/\/[^/]+/, stack.queryUrl), after);
    expect(fresh.status).toBe(200);
    expect(eventsOf(await fresh.text())).toEqual([]);
    expect((await feeds({ ...superAdmin.headers, ...after })).feeds.find((listed) => listed.studio === 'masterskaya')!.url.replace(/^https?:\/\/[^/]+/, '')).toBe(feed.url.replace(/^https?:\/\/[^/]+/, ''));
  });
});
