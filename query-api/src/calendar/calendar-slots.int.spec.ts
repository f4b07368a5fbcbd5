import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_CELLS, rangeOfCell } from '@studio/domain';
import { openStack, type Stack } from '@studio/e2e/kit';

let api: Stack;
let staff: Record<string, string>;

beforeAll(async () => {
  api = await openStack({ name: 'qapi', queryApi: true });
  // An administrator: the calendar is the one thing that role works with.
  staff = (await api.staffLogin('admin')).headers;
  await api.pool.query(`
    INSERT INTO calendar_cells (studio, date, cell, state, booking_id, hold_id, user_id, customer_phone, technical, expires_at) VALUES
      ('pochta', '2026-11-23', '10:00', 'held', 'b-1', 'h-1', 'u-7', '79991234567', false, now() + interval '15 minutes'),
      ('pochta', '2026-11-23', '10:30', 'held', 'b-1', 'h-1', 'u-7', '79991234567', false, now() + interval '15 minutes'),
      ('pochta', '2026-11-24', '21:30', 'booked', 'b-2', NULL, NULL, '79990000000', false, NULL),
      ('pochta', '2026-11-25', '12:00', 'booked', 'b-3', NULL, NULL, NULL, true, NULL),
      ('pochta', '2026-11-26', '10:00', 'booked', 'b-outside-range', NULL, 'u-1', NULL, false, NULL),
      ('pochta', '2026-11-24', '08:00', 'booked', 'b-early', NULL, 'u-2', NULL, true, NULL),
      ('kirova', '2026-11-23', '10:00', 'booked', 'b-4', NULL, 'u-9', NULL, false, NULL);
    INSERT INTO studio_prices (studio, price_id, hour_price, half_hour_price, created_at, updated_at) VALUES
      ('pochta', 'p-old', 180000, 90000, now() - interval '1 day', now() - interval '1 day'),
      ('pochta', 'p-new', 250050, 120000, now(), now());
  `);
});

afterAll(async () => {
  await api?.stop();
});

describe('GET /api/calendar/slots', () => {
  it('answers every date of the range with all 24 opening cells and the current hour price', async () => {
    const { status, headers, body } = await api.query('/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-25');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body.success).toBe(true);
    expect(Object.keys(body.data)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    for (const day of Object.values<{ price: number; slots: Record<string, unknown> }>(body.data)) {
      expect(day.price).toBe(2500.5);
      expect(Object.keys(day.slots)).toEqual(OPENING_CELLS.map(rangeOfCell));
      expect(Object.keys(day.slots)[0]).toBe('10:00-10:30');
      expect(Object.keys(day.slots).at(-1)).toBe('21:30-22:00');
    }
  });

  it('shows staff who holds held and booked cells and which booking, free cells as available, and no hold ids', async () => {
    const { body } = await api.query('/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-25', staff);
    const held = { available: false, bookingId: 'b-1', state: 'held', userId: 'u-7', customerPhone: '79991234567' };
    expect(body.data['2026-11-23'].slots['10:00-10:30']).toEqual(held);
    expect(body.data['2026-11-23'].slots['10:30-11:00']).toEqual(held);
    expect(body.data['2026-11-23'].slots['11:00-11:30']).toEqual({ available: true });
    expect(body.data['2026-11-24'].slots['21:30-22:00']).toEqual({ available: false, bookingId: 'b-2', state: 'booked', customerPhone: '79990000000' });
    expect(body.data['2026-11-25'].slots['12:00-12:30']).toEqual({ available: false, bookingId: 'b-3', state: 'booked', technical: true });
    const text = JSON.stringify(body);
    for (const secret of ['h-1', 'hold', 'b-early', 'b-outside-range']) expect(text).not.toContain(secret);
    const taken = Object.values<{ slots: Record<string, { available: boolean }> }>(body.data)
      .flatMap((day) => Object.values(day.slots))
      .filter((slot) => !slot.available);
    expect(taken).toHaveLength(4);
  });

  it('shows an anonymous caller taken cells as taken only: no phone and no user id of anybody', async () => {
    const { body } = await api.query('/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-25');
    expect(body.data['2026-11-23'].slots['10:00-10:30']).toEqual({ available: false });
    expect(body.data['2026-11-24'].slots['21:30-22:00']).toEqual({ available: false });
    expect(JSON.stringify(body)).not.toMatch(/7999|u-7|b-1|b-2|b-3|bookingId|state|technical/);
  });

  it('serves other studios on the prefixed path, pochta also, with the default price when none is set', async () => {
    const kirova = await api.query('/api/kirova/calendar/slots?startDate=2026-11-23&endDate=2026-11-23', staff);
    expect(kirova.status).toBe(200);
    expect(kirova.body.data['2026-11-23'].price).toBe(2000);
    expect(kirova.body.data['2026-11-23'].slots['10:00-10:30']).toEqual({ available: false, bookingId: 'b-4', state: 'booked', userId: 'u-9' });
    expect(kirova.body.data['2026-11-23'].slots['10:30-11:00']).toEqual({ available: true });

    const pochta = await api.query('/api/pochta/calendar/slots?startDate=2026-11-23&endDate=2026-11-23');
    const unprefixed = await api.query('/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-23');
    expect(pochta.body).toEqual(unprefixed.body);

    const masterskaya = await api.query('/api/masterskaya/calendar/slots?startDate=2026-12-31&endDate=2027-01-01');
    expect(Object.keys(masterskaya.body.data)).toEqual(['2026-12-31', '2027-01-01']);
    expect(Object.values<{ slots: Record<string, unknown> }>(masterskaya.body.data).every((day) =>
      Object.values(day.slots).every((slot) => JSON.stringify(slot) === '{"available":true}'))).toBe(true);
  });

  it('accepts a range of exactly 62 days', async () => {
    const { status, body } = await api.query('/api/calendar/slots?startDate=2026-11-01&endDate=2027-01-01');
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toHaveLength(62);
  });

  it.each([
    ['missing startDate', '?endDate=2026-11-23', 'startDate', /обязательное поле/],
    ['missing endDate', '?startDate=2026-11-23', 'endDate', /обязательное поле/],
    ['malformed startDate', '?startDate=23.11.2026&endDate=2026-11-23', 'startDate', /ГГГГ-ММ-ДД/],
    ['malformed endDate', '?startDate=2026-11-23&endDate=2026-1-5', 'endDate', /ГГГГ-ММ-ДД/],
    ['nonexistent date', '?startDate=2026-02-30&endDate=2026-03-02', 'startDate', /несуществующая дата/],
    ['repeated parameter', '?startDate=2026-11-23&startDate=2026-11-24&endDate=2026-11-25', 'startDate', /один раз/],
    ['end before start', '?startDate=2026-11-23&endDate=2026-11-22', 'endDate', /раньше даты начала/],
    ['range over 62 days', '?startDate=2026-11-01&endDate=2027-01-02', 'endDate', /62/],
  ])('refuses %s with a 400 naming the field', async (_case, query, field, reason) => {
    const { status, body } = await api.query(`/api/calendar/slots${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: expect.stringMatching(reason), code: 'invalid_input', field });
    expect(body.error.startsWith(`${field}: `)).toBe(true);
  });

  it('answers an unknown studio with 404 on field studio, as command-api does', async () => {
    const { status, body } = await api.query('/api/arbat/calendar/slots?startDate=2026-11-23&endDate=2026-11-23');
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'Студия не найдена', code: 'studio_not_found', field: 'studio' });
  });
});
