import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caughtUp, checkpointOf, event, openRunningFixture, type RunningFixture } from '../test-support';
import { calendarProjection } from './projection';

let fixture: RunningFixture;

const stream = 'studio-day-pochta-2030-01-10';
const day = { studio: 'pochta', date: '2030-01-10' };

async function cells() {
  const { rows } = await fixture.pool.query(
    `SELECT cell, state, booking_id, hold_id, user_id, customer_phone, technical, expires_at
     FROM calendar_cells WHERE studio = 'pochta' AND date = '2030-01-10' ORDER BY cell`,
  );
  return rows;
}

async function append(streamName: string, type: string, data: unknown) {
  const { position } = await fixture.store.appendToStream(streamName, [event(type, data)]);
  await caughtUp(fixture.pool, 'calendar', position);
  return position;
}

beforeAll(async () => {
  fixture = await openRunningFixture({ projections: [calendarProjection] });
});

afterAll(() => fixture?.close());

describe('calendar projection', () => {
  it('tracks holds, confirmations, reservations and releases cell by cell', async () => {
    const expiresAt = '2030-01-10T03:15:00.000Z';
    await append(stream, 'SlotsHeld', { ...day, cells: ['10:00', '10:30'], holdId: 'h1', bookingId: 'b1', occupant: { userId: 'u1', phone: '79991234567' }, expiresAt });
    await append(stream, 'SlotsHeld', { ...day, cells: ['11:00'], holdId: 'h2', bookingId: 'b2', occupant: {}, expiresAt });
    expect(await cells()).toEqual([
      { cell: '10:00', state: 'held', booking_id: 'b1', hold_id: 'h1', user_id: 'u1', customer_phone: '79991234567', technical: false, expires_at: new Date(expiresAt) },
      { cell: '10:30', state: 'held', booking_id: 'b1', hold_id: 'h1', user_id: 'u1', customer_phone: '79991234567', technical: false, expires_at: new Date(expiresAt) },
      { cell: '11:00', state: 'held', booking_id: 'b2', hold_id: 'h2', user_id: null, customer_phone: null, technical: false, expires_at: new Date(expiresAt) },
    ]);

    await append(stream, 'HoldConfirmed', { ...day, cells: ['10:00', '10:30'], holdId: 'h1', bookingId: 'b1' });
    await append(stream, 'HoldReleased', { ...day, cells: ['11:00'], holdId: 'h2', reason: 'expired' });
    await append(stream, 'SlotsReserved', { ...day, cells: ['21:30'], bookingId: 'tech', occupant: {}, technical: true, adminId: 'a1' });
    expect(await cells()).toEqual([
      { cell: '10:00', state: 'booked', booking_id: 'b1', hold_id: 'h1', user_id: 'u1', customer_phone: '79991234567', technical: false, expires_at: null },
      { cell: '10:30', state: 'booked', booking_id: 'b1', hold_id: 'h1', user_id: 'u1', customer_phone: '79991234567', technical: false, expires_at: null },
      { cell: '21:30', state: 'booked', booking_id: 'tech', hold_id: null, user_id: null, customer_phone: null, technical: true, expires_at: null },
    ]);

    await append(stream, 'BookingReleased', { ...day, cells: ['10:00', '10:30'], bookingId: 'b1', reason: 'cancelled' });
    expect((await cells()).map((row) => row.cell)).toEqual(['21:30']);
  });

  it('moves its checkpoint past events that do not concern it', async () => {
    const position = await append(`booking-${randomUUID()}`, 'BookingCreated', { bookingId: 'x' });
    expect((await checkpointOf(fixture.pool, 'calendar'))?.position).toBe(position);
    expect((await cells()).map((row) => row.cell)).toEqual(['21:30']);
  });

  it('keeps other days and studios apart', async () => {
    await append('studio-day-kirova-2030-01-10', 'SlotsReserved', { studio: 'kirova', date: '2030-01-10', cells: ['10:00'], bookingId: 'k1', occupant: {} });
    expect((await cells()).map((row) => row.cell)).toEqual(['21:30']);
    const { rows } = await fixture.pool.query(`SELECT date::text AS date, cell, booking_id FROM calendar_cells WHERE studio = 'kirova'`);
    expect(rows).toEqual([{ date: '2030-01-10', cell: '10:00', booking_id: 'k1' }]);
  });
});
