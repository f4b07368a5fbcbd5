import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, type Stack } from '@studio/e2e/kit';
import type { Transaction } from 'kysely';
import { createKysely } from '@studio/platform';
import type { CalendarTables } from '@studio/domain';
import { caughtUp, checkpointOf, event, projectionSpec } from '../test-support';
import { calendarProjection } from './projection';

let fixture: Stack;

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

let spec: ReturnType<typeof projectionSpec<CalendarTables>>;
const cellsIn = (trx: Transaction<CalendarTables>) =>
  trx.selectFrom('calendar_cells').select(['cell', 'state', 'booking_id', 'hold_id', 'user_id', 'customer_phone', 'technical', 'expires_at']).orderBy('cell').execute();

beforeAll(async () => {
  fixture = await openStack({ name: 'proj', projections: [calendarProjection] });
  spec = projectionSpec(calendarProjection, createKysely(fixture.pool));
});

afterAll(() => fixture?.stop());

describe('calendar projection', () => {
  it('given holds, a confirmation, a release and a staff reservation, then the cells show each one', async () => {
    const expiresAt = '2030-01-10T03:15:00.000Z';
    const { rows, changes } = await spec
      .given(stream, [
        { type: 'SlotsHeld', data: { ...day, cells: ['10:00', '10:30'], holdId: 'h1', bookingId: 'b1', occupant: { userId: 'u1', phone: '79991234567' }, expiresAt } },
        { type: 'SlotsHeld', data: { ...day, cells: ['11:00'], holdId: 'h2', bookingId: 'b2', occupant: {}, expiresAt } },
        { type: 'SlotsHeld', data: { ...day, cells: ['12:00'], holdId: 'h3', bookingId: 'b3', occupant: {}, expiresAt } },
        { type: 'HoldConfirmed', data: { ...day, cells: ['10:00', '10:30'], holdId: 'h1', bookingId: 'b1' } },
        { type: 'HoldReleased', data: { ...day, cells: ['11:00'], holdId: 'h2', reason: 'expired' } },
        { type: 'SlotsReserved', data: { ...day, cells: ['21:30'], bookingId: 'tech', occupant: {}, technical: true, adminId: 'a1' } },
      ])
      .then(cellsIn);
    expect(rows).toEqual([
      { cell: '10:00', state: 'booked', booking_id: 'b1', hold_id: 'h1', user_id: 'u1', customer_phone: '79991234567', technical: false, expires_at: null },
      { cell: '10:30', state: 'booked', booking_id: 'b1', hold_id: 'h1', user_id: 'u1', customer_phone: '79991234567', technical: false, expires_at: null },
      { cell: '12:00', state: 'held', booking_id: 'b3', hold_id: 'h3', user_id: null, customer_phone: null, technical: false, expires_at: new Date(expiresAt) },
      { cell: '21:30', state: 'booked', booking_id: 'tech', hold_id: null, user_id: null, customer_phone: null, technical: true, expires_at: null },
    ]);
    expect(changes).toHaveLength(6);
    expect(changes[0]).toEqual({ event: 'bookingChange', payload: day, position: expect.any(String) });
  });

  it("given a guest's hold, then confirmed, its cells keep the guest's visitor key", async () => {
    const visitor = 'cd'.repeat(32);
    const { rows } = await spec
      .given(stream, [
        { type: 'SlotsHeld', data: { ...day, cells: ['16:00', '16:30'], holdId: 'h7', bookingId: 'b7', occupant: { phone: '79991234567', visitor }, expiresAt: '2030-01-10T03:15:00.000Z' } },
        { type: 'SlotsHeld', data: { ...day, cells: ['17:00'], holdId: 'h8', bookingId: 'b8', occupant: {}, expiresAt: '2030-01-10T03:15:00.000Z' } },
        { type: 'HoldConfirmed', data: { ...day, cells: ['16:00', '16:30'], holdId: 'h7', bookingId: 'b7' } },
      ])
      .then((trx) => trx.selectFrom('calendar_cells').select(['cell', 'state', 'visitor']).orderBy('cell').execute());
    expect(rows).toEqual([
      { cell: '16:00', state: 'booked', visitor },
      { cell: '16:30', state: 'booked', visitor },
      { cell: '17:00', state: 'held', visitor: null },
    ]);
  });

  it('given a booking released in part, then only its other cells stay booked', async () => {
    const { rows } = await spec
      .given(stream, [
        { type: 'SlotsReserved', data: { ...day, cells: ['15:00', '15:30'], bookingId: 'b9', occupant: {}, technical: false } },
        { type: 'BookingReleased', data: { ...day, cells: ['15:30'], bookingId: 'b9', reason: 'moved' } },
      ])
      .then(cellsIn);
    expect(rows.map((row) => [row.cell, row.booking_id])).toEqual([['15:00', 'b9']]);
  });

  it('tracks the live ledger as the runner applies it', async () => {
    await append(stream, 'SlotsReserved', { ...day, cells: ['21:30'], bookingId: 'tech', occupant: {}, technical: true, adminId: 'a1' });
    await append(stream, 'SlotsHeld', { ...day, cells: ['10:00'], holdId: 'h1', bookingId: 'b1', occupant: {}, expiresAt: '2030-01-10T03:15:00.000Z' });
    await append(stream, 'HoldReleased', { ...day, cells: ['10:00'], holdId: 'h1', reason: 'cancelled' });
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
