import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { READ_POSITION_COOKIE } from '@studio/domain';
import { openStack, type Stack } from '@studio/e2e/kit';
import { READ_WAIT_MS } from './read-your-writes';

let api: Stack;
const SLOTS = '/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-23';

/** Moves the checkpoint of the projection's live version, as its runner does after a batch. */
const setCheckpoint = (projection: string, position: string | null) =>
  api.pool.query(
    `UPDATE projection_checkpoints c SET position = $2, updated_at = now() FROM projection_live l
      WHERE l.projection = $1 AND c.projection = l.projection AND c.version = l.version`,
    [projection, position],
  );
const liveVersion = async (projection: string) =>
  (await api.pool.query<{ version: number }>('SELECT version FROM projection_live WHERE projection = $1', [projection])).rows[0]!.version;

beforeAll(async () => {
  // Production's bound, which this suite is about (the kit's stacks wait longer).
  api = await openStack({ name: 'qapi', queryApi: true, readWaitMs: READ_WAIT_MS });
});

beforeEach(async () => {
  // The calendar's answer reads all three: its cells, the catalogue's price, and for staff the bookings.
  for (const projection of ['calendar', 'catalog', 'bookings']) await setCheckpoint(projection, '00000000000000000100/00000000000000000100');
});

afterAll(async () => {
  await api?.stop();
});

describe('read-your-writes', () => {
  it('answers fresh when the live checkpoint has already passed the position', async () => {
    const { status, headers } = await api.query(SLOTS, { 'X-Read-Position': '00000000000000000100/00000000000000000100' });
    expect(status).toBe(200);
    expect(headers.get('x-read-stale')).toBeNull();
  });

  it('waits until the projection advances past the position, then answers fresh data', async () => {
    // The price and the bookings beside the cells are there already: only the cells are behind.
    for (const projection of ['catalog', 'bookings']) await setCheckpoint(projection, '00000000000000000205/00000000000000000205');
    // The row lands after the request is sent: only an answer that waited for the checkpoint can show it.
    setTimeout(() => {
      void api.pool
        .query(`INSERT INTO calendar_cells (studio, date, cell, state, booking_id, user_id) VALUES ('pochta', '2026-11-23', '15:00', 'booked', 'b-1', 'u-1')`)
        .then(() => setCheckpoint('calendar', '00000000000000000205/00000000000000000205'));
    }, 300);
    const { status, headers, body } = await api.query(SLOTS, { 'X-Read-Position': '00000000000000000200/00000000000000000200' });
    expect(status).toBe(200);
    expect(headers.get('x-read-stale')).toBeNull();
    expect(body.data['2026-11-23'].slots['15:00-15:30']).toEqual({ available: false });
  });

  it('releases every concurrent waiter once the projection gets there', async () => {
    setTimeout(() => void setCheckpoint('catalog', '00000000000000000300/00000000000000000300'), 300);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.query(i % 2 ? '/api/services' : '/api/photographers', { 'X-Read-Position': '00000000000000000300/00000000000000000300' })),
    );
    expect(answers.map((a) => [a.status, a.headers.get('x-read-stale')])).toEqual(Array.from({ length: 30 }, () => [200, null]));
  });

  it('follows the live version only: a rebuild\'s checkpoint does not count until it is switched in', async () => {
    const live = await liveVersion('catalog');
    const rebuild = live + 1;
    await api.pool.query(`INSERT INTO projection_checkpoints (projection, version, position) VALUES ('catalog', $1, '00000000000000000900/00000000000000000900')`, [rebuild]);
    try {
      const stale = await api.query('/api/prices/current?readPosition=00000000000000000500/00000000000000000500');
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-read-stale')).toBe('1');
      await api.pool.query(`UPDATE projection_live SET version = $1 WHERE projection = 'catalog'`, [rebuild]);
      const fresh = await api.query('/api/prices/current?readPosition=00000000000000000500/00000000000000000500');
      expect(fresh.headers.get('x-read-stale')).toBeNull();
    } finally {
      await api.pool.query(`UPDATE projection_live SET version = $1 WHERE projection = 'catalog'`, [live]);
      await api.pool.query(`DELETE FROM projection_checkpoints WHERE projection = 'catalog' AND version = $1`, [rebuild]);
    }
  });

  it('answers anyway after 2 s, marked X-Read-Stale, when the projection never gets there', async () => {
    const started = performance.now();
    const { status, headers, body } = await api.query(`${SLOTS}&readPosition=99999999999999999999/99999999999999999999`);
    const elapsed = performance.now() - started;
    expect(status).toBe(200);
    expect(headers.get('x-read-stale')).toBe('1');
    expect(body.success).toBe(true);
    // The contract's bound: it waited the whole 2 s before giving up (no upper bound: load only delays).
    expect(elapsed).toBeGreaterThanOrEqual(1900);
  });

  it('waits for every read model an answer comes from: the calendar shows the catalogue\'s price too', async () => {
    for (const projection of ['calendar', 'bookings']) await setCheckpoint(projection, '00000000000000000400/00000000000000000400');
    setTimeout(() => void setCheckpoint('catalog', '00000000000000000400/00000000000000000400'), 300);
    const fresh = await api.query(SLOTS, { 'X-Read-Position': '00000000000000000400/00000000000000000400' });
    expect(fresh.headers.get('x-read-stale')).toBeNull();
    await setCheckpoint('bookings', null);
    const stale = await api.query(SLOTS, { 'X-Read-Position': '00000000000000000400/00000000000000000400' });
    expect(stale.headers.get('x-read-stale')).toBe('1');
  });

  it('waits for the read_position cookie as for the header, for the newer of the two, and ignores a cookie that is no position', async () => {
    const cookie = (position: string) => ({ cookie: `${READ_POSITION_COOKIE}=${encodeURIComponent(position)}` });
    const reached = '00000000000000000100/00000000000000000100';
    const beyond = '00000000000000000600/00000000000000000600';
    expect((await api.query('/api/services', cookie(beyond))).headers.get('x-read-stale')).toBe('1');
    expect((await api.query('/api/services', { ...cookie(reached), 'X-Read-Position': beyond })).headers.get('x-read-stale')).toBe('1');
    expect((await api.query('/api/services', { ...cookie(beyond), 'X-Read-Position': reached })).headers.get('x-read-stale')).toBe('1');
    expect((await api.query('/api/services', { ...cookie(reached), 'X-Read-Position': reached })).headers.get('x-read-stale')).toBeNull();
    const garbled = await api.query('/api/services', { cookie: `${READ_POSITION_COOKIE}=zzz` });
    expect([garbled.status, garbled.headers.get('x-read-stale')]).toEqual([200, null]);
  });

  it('treats a projection that has read nothing yet as behind', async () => {
    await setCheckpoint('catalog', null);
    const { headers } = await api.query('/api/services', { 'X-Read-Position': '00000000000000000001/00000000000000000001' });
    expect(headers.get('x-read-stale')).toBe('1');
  });

  it.each([
    ['header', { 'X-Read-Position': 'ab cd' }, '', 'X-Read-Position'],
    ['query', {}, '&readPosition=', 'readPosition'],
    ['repeated query', {}, '&readPosition=1&readPosition=2', 'readPosition'],
    ['header that is no event-store position', { 'X-Read-Position': 'zzzzzzzzzz' }, '', 'X-Read-Position'],
    ['header with the old single-number form', { 'X-Read-Position': '00000000000000000100' }, '', 'X-Read-Position'],
    ['query with a too-long number', {}, `&readPosition=${'9'.repeat(21)}/${'9'.repeat(20)}`, 'readPosition'],
  ])('refuses a malformed %s position with a 400', async (_case, headers, query, field) => {
    const { status, body } = await api.query(`${SLOTS}${query}`, headers);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: expect.stringMatching(new RegExp(`^${field}: `)), code: 'invalid_input', field });
  });

  it('refuses a bad request with its 400 even when it carries a position never reached', async () => {
    const { status, headers, body } = await api.query('/api/calendar/slots?startDate=bad&endDate=2026-11-23', { 'X-Read-Position': '99999999999999999999/99999999999999999999' });
    expect(status).toBe(400);
    expect(headers.get('x-read-stale')).toBeNull();
    expect(body.field).toBe('startDate');
  });
});
