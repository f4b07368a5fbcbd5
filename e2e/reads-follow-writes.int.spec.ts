// query-api over the real projections: events appended to the store show up in the answers a
// client gets with the append's position, and the change push reaches a browser socket.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAggregate, catalogStream, studioDayAggregate, studioDayStream } from '@studio/domain';
import { PROJECTIONS } from '@studio/projections';
import { given, openStack, type Stack } from './kit';

let stack: Stack;
let socket: Socket;

beforeAll(async () => {
  stack = await openStack({ name: 'reads', projections: true, queryApi: true });
  socket = connect(stack.queryUrl, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
});

afterAll(async () => {
  socket?.disconnect();
  await stack?.stop();
});

describe('query-api with the projections', () => {
  const held = {
    type: 'SlotsHeld' as const,
    data: {
      studio: 'kirova' as const,
      date: '2026-12-01',
      cells: ['14:00', '14:30'],
      holdId: 'h-e2e',
      bookingId: 'b-e2e',
      occupant: { userId: 'u-e2e', phone: '79995554433' },
      expiresAt: '2026-12-01T07:15:00.000Z',
    },
  };
  const slotsPath = '/api/kirova/calendar/slots?startDate=2026-12-01&endDate=2026-12-01';

  it('shows a hold right after it is written, pushes bookingChange, and names the holder to staff only', async () => {
    const pushed = new Promise((resolve) => socket.once('bookingChange', resolve));
    const position = await given(stack.store, studioDayAggregate, studioDayStream('kirova', '2026-12-01'), [held]);
    const anonymous = await stack.query(slotsPath, { 'X-Read-Position': position });
    expect(anonymous.headers.get('x-read-stale')).toBeNull();
    const slots = anonymous.body.data['2026-12-01'].slots;
    expect(slots['14:00-14:30']).toEqual({ available: false });
    expect(slots['14:30-15:00']).toEqual({ available: false });
    expect(slots['15:00-15:30']).toEqual({ available: true });
    expect(JSON.stringify(anonymous.body)).not.toMatch(/79995554433|u-e2e/);

    const staff = await stack.query(slotsPath, (await stack.staffLogin('admin')).headers);
    expect(staff.body.data['2026-12-01'].slots['14:00-14:30']).toMatchObject({ available: false, userId: 'u-e2e', customerPhone: '79995554433' });
    const wrongToken = await stack.query(slotsPath, { cookie: `staff_session=${'x'.repeat(43)}` });
    expect(wrongToken.body.data['2026-12-01'].slots['14:00-14:30']).toEqual({ available: false });
    expect(await pushed).toEqual({ studio: 'kirova', date: '2026-12-01' });
  });

  it('answers a new price right after it is set, in roubles', async () => {
    const position = await given(stack.store, catalogAggregate, catalogStream('kirova'), [
      { type: 'PricesSet', data: { studio: 'kirova', priceId: 'p-e2e', hourPrice: 275000, halfHourPrice: 140000 } },
    ]);
    const response = await stack.query(`/api/kirova/prices/current?readPosition=${encodeURIComponent(position)}`);
    expect(response.headers.get('x-read-stale')).toBeNull();
    expect(response.body).toEqual({ success: true, data: { id: 'p-e2e', hour_price: 2750, half_hour_price: 1400 } });
  });

  it('reports the projections and the oldest open transaction on /api/health', async () => {
    const { status, body } = await stack.query('/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, status: expect.stringMatching(/^(ok|degraded)$/) });
    expect(body.projections.map((p: { name: string }) => p.name)).toEqual(PROJECTIONS.map((p) => p.name).sort());
    expect(body.projections.every((p: { position: string | null }) => p.position !== null)).toBe(true);
  });
});
