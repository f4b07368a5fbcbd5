import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, encodePosition, type RecordedEvent } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { ensureProjectionTables } from '../runtime/bookkeeping';
import type { ProjectionChange } from '../runtime/definition';
import { buildInBatches, seededRandom } from '../test-support';
import { seedStudioDayLedgers } from './generated-ledgers';
import { calendarProjection } from './projection';

let fixture: Stack;
let next = 100;

beforeAll(async () => {
  fixture = await openStack({ name: 'calbatch' });
  await ensureProjectionTables(createKysely(fixture.pool), [calendarProjection]);
});

afterAll(() => fixture?.stop());

/** Every column of a version's cells, the instant as Postgres prints it (to the microsecond). */
const cellsOf = async (version: number) =>
  (
    await fixture.pool.query(`SELECT studio, date::text AS date, cell, state, booking_id, hold_id, user_id, customer_phone, visitor, technical, expires_at::text AS expires_at
      FROM calendar_cells_v${version} ORDER BY studio, date, cell`)
  ).rows;

/** Builds a fresh version from `events` in batches of `size`, event by event or in bulk; returns its changes. */
const build = (events: readonly RecordedEvent[], size: number, bulk: boolean) => buildInBatches(fixture.pool, calendarProjection, (next += 1), events, size, bulk);

const GRID = Array.from({ length: 24 }, (_, i) => `${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/**
 * Holds, confirmations, releases, staff reservations and cancellations over four studio days,
 * including what the ledger would refuse but the schemas allow (a hold over a booked cell, a
 * release of an unknown hold, a cancellation naming cells the booking does not hold), so the two
 * ways must agree on every path through the statements, not only the happy ones.
 */
function randomHistory(count: number, seed: number): RecordedEvent[] {
  const pick = seededRandom(seed);
  const days = [
    { studio: 'pochta', date: '2031-05-01' },
    { studio: 'pochta', date: '2031-05-02' },
    { studio: 'kirova', date: '2031-05-01' },
    { studio: 'masterskaya', date: '2031-05-03' },
  ];
  const holds: { day: (typeof days)[number]; holdId: string; bookingId: string; cells: string[] }[] = [];
  const bookings: { day: (typeof days)[number]; bookingId: string; cells: string[] }[] = [];
  const someCells = () => [...new Set(Array.from({ length: 1 + pick(3) }, () => GRID[pick(GRID.length)]!))];
  const occupants = [{}, { userId: 'u1' }, { phone: '79991234567' }, { visitor: 'ab'.repeat(32) }, { userId: 'u2', phone: '79990000000' }];
  const events: { type: string; data: Record<string, unknown> }[] = [];
  for (let i = 0; i < count; i += 1) {
    const day = days[pick(days.length)]!;
    const roll = pick(12);
    if (roll < 4) {
      const hold = { day, holdId: `h${i}`, bookingId: `b${i}`, cells: someCells() };
      holds.push(hold);
      const expiresAt = pick(2) ? `2031-05-01T0${pick(10)}:15:00.${String(pick(1_000_000)).padStart(6, '0')}Z` : '2031-05-01T10:00:00+07:00';
      events.push({ type: 'SlotsHeld', data: { ...day, cells: hold.cells, holdId: hold.holdId, bookingId: hold.bookingId, occupant: occupants[pick(occupants.length)], expiresAt } });
    } else if (roll < 7 && holds.length) {
      const hold = holds[pick(holds.length)]!;
      bookings.push(hold);
      events.push({ type: 'HoldConfirmed', data: { ...hold.day, cells: hold.cells, holdId: hold.holdId, bookingId: hold.bookingId } });
    } else if (roll < 8) {
      const hold = holds[pick(holds.length + 1)] ?? { day, holdId: 'unknown', cells: ['10:00'] };
      events.push({ type: 'HoldReleased', data: { ...hold.day, cells: hold.cells, holdId: hold.holdId, reason: 'expired' } });
    } else if (roll < 11) {
      const booking = { day, bookingId: `r${i}`, cells: someCells() };
      bookings.push(booking);
      events.push({ type: 'SlotsReserved', data: { ...day, cells: booking.cells, bookingId: booking.bookingId, occupant: occupants[pick(occupants.length)], technical: pick(4) === 0 } });
    } else if (bookings.length) {
      const booking = bookings[pick(bookings.length)]!;
      const cells = [...new Set([...booking.cells.slice(pick(booking.cells.length)), GRID[pick(GRID.length)]!])];
      events.push({ type: 'BookingReleased', data: { ...booking.day, cells, bookingId: booking.bookingId, reason: 'cancelled' } });
    }
  }
  return events.map(({ type, data }, i) => ({
    id: randomUUID(),
    type,
    data,
    metadata: {},
    streamName: `studio-day-${String(data.studio)}-${String(data.date)}`,
    revision: BigInt(i),
    position: encodePosition(1n, BigInt(i + 1)),
    createdAt: new Date('2026-12-02T05:00:00Z'),
  }));
}

/**
 * The event-by-event apply's changes (one an event) as batches of `size` give them: each studio day
 * a batch touched once, at its last event there.
 */
function perBatch(changes: readonly ProjectionChange[], size: number): ProjectionChange[] {
  const batches = Array.from({ length: Math.ceil(changes.length / size) }, (_, i) => changes.slice(i * size, (i + 1) * size));
  return batches.flatMap((batch) => {
    const days = new Map<string, ProjectionChange>();
    for (const change of batch) {
      const day = JSON.stringify(change.payload);
      days.delete(day);
      days.set(day, change);
    }
    return [...days.values()];
  });
}

describe('calendar: batched apply', () => {
  it('leaves exactly the rows and changes (one a studio day a batch) of the event-by-event apply, on a random history in batches of any size', async () => {
    const events = randomHistory(800, 20_310_501);
    const reference = await build(events, 50, false);
    const rows = await cellsOf(reference.version);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.some((row) => row.expires_at !== null && row.visitor !== null)).toBe(true);
    for (const size of [1, 7, 200, events.length]) {
      const batched = await build(events, size, true);
      expect(await cellsOf(batched.version), `batches of ${size}`).toEqual(rows);
      expect(batched.changes, `batches of ${size}`).toEqual(perBatch(reference.changes, size));
    }
    expect(perBatch(reference.changes, events.length).length).toBeLessThan(reference.changes.length);
  }, 180_000);

  it('leaves exactly the rows of the event-by-event apply over generated years of studio days', async () => {
    await seedStudioDayLedgers(fixture.pool, 20_000);
    const events: RecordedEvent[] = [];
    for (let page = await fixture.store.readAll({ limit: 5000 }); page.length; page = await fixture.store.readAll({ after: page.at(-1)!.position, limit: 5000 })) {
      events.push(...page);
    }
    const reference = await build(events, 500, false);
    const batched = await build(events, 3000, true);
    const rows = await cellsOf(reference.version);
    expect(rows.length).toBeGreaterThan(1000);
    expect(await cellsOf(batched.version)).toEqual(rows);
  }, 180_000);
});
