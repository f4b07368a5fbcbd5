import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { studioDayDecider, type StudioDayCommand } from './decider';
import { studioDayEventSchemas, type StudioDayEvent } from './events';

const day = { studio: 'pochta' as const, date: '2026-11-23' };
/** 08:00 in Tomsk on the booked day. */
const now = new Date('2026-11-23T01:00:00Z');
const minutesLater = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();

const hold = (cells: string[], overrides: Partial<Extract<StudioDayCommand, { type: 'HoldSlots' }>['data']> = {}): StudioDayCommand => ({
  type: 'HoldSlots',
  data: { ...day, cells, holdId: 'h1', bookingId: 'b1', occupant: { userId: 'u1', phone: '+7 (999) 123-45-67' }, now, holdMinutes: 15, ...overrides },
});
const held = (cells: string[], holdId = 'h1', bookingId = 'b1', expiresAt = minutesLater(15)): StudioDayEvent => ({
  type: 'SlotsHeld',
  data: { ...day, cells, holdId, bookingId, occupant: { userId: 'u1', phone: '79991234567' }, expiresAt },
});
const reserved = (cells: string[], bookingId = 'b9'): StudioDayEvent => ({
  type: 'SlotsReserved',
  data: { ...day, cells, bookingId, occupant: { phone: '79990000000' }, technical: false },
});
const confirmed = (cells: string[], holdId = 'h1', bookingId = 'b1'): StudioDayEvent => ({ type: 'HoldConfirmed', data: { ...day, cells, holdId, bookingId } });

const ledger = spec(studioDayDecider);

describe('HoldSlots', () => {
  it('holds free cells for the hold lifetime, cells sorted and phone reduced to digits', () => {
    ledger.given([]).when(hold(['12:30', '12:00'])).then([held(['12:00', '12:30'])]);
  });

  it("keeps the guest browser's visitor key on the hold, so the calendar can show that browser its cells", () => {
    const visitor = 'ab'.repeat(32);
    ledger.given([]).when(hold(['12:00'], { occupant: { phone: '+7 (999) 123-45-67', visitor } })).then([
      { type: 'SlotsHeld', data: { ...day, cells: ['12:00'], holdId: 'h1', bookingId: 'b1', occupant: { phone: '79991234567', visitor }, expiresAt: minutesLater(15) } },
    ]);
  });

  it('a cell exactly 2 h ahead is refused; 2 h 1 min ahead is held', () => {
    ledger.given([]).when(hold(['10:00'])).thenThrows('notice_too_short', 'validation');
    const earlier = new Date(now.getTime() - 60_000);
    ledger.given([]).when(hold(['10:00'], { now: earlier })).then([
      { type: 'SlotsHeld', data: { ...day, cells: ['10:00'], holdId: 'h1', bookingId: 'b1', occupant: { userId: 'u1', phone: '79991234567' }, expiresAt: new Date(earlier.getTime() + 15 * 60_000).toISOString() } },
    ]);
  });

  it('refuses cells that already started and days before today', () => {
    const evening = new Date('2026-11-23T12:00:00Z'); // 19:00 Tomsk
    ledger.given([]).when(hold(['18:30'], { now: evening })).thenThrows('slot_in_past');
    ledger.given([]).when(hold(['12:00'], { date: '2026-11-22' })).thenThrows('slot_in_past');
  });

  it('accepts 21:30, the last cell of the day, and refuses 22:00 and anything before 10:00', () => {
    ledger.given([]).when(hold(['21:30'])).then([held(['21:30'])]);
    ledger.given([]).when(hold(['22:00'])).thenThrows('outside_opening_hours', 'validation');
    ledger.given([]).when(hold(['09:30'], { date: '2026-11-24' })).thenThrows('outside_opening_hours');
  });

  it('refuses cells off the half-hour grid, duplicates, no cells and a bad date', () => {
    ledger.given([]).when(hold(['12:15'])).thenThrows('invalid_cell');
    ledger.given([]).when(hold(['12:00', '12:00'])).thenThrows('duplicate_cell');
    ledger.given([]).when(hold([])).thenThrows('no_cells');
    ledger.given([]).when(hold(['12:00'], { date: '2026-02-30' })).thenThrows('invalid_date');
    ledger.given([]).when(hold(['12:00'], { holdMinutes: 0 })).thenThrows('invalid_hold_minutes');
  });

  it('refuses any overlap with a held or booked cell', () => {
    const error = ledger.given([held(['12:00', '12:30'])]).when(hold(['12:30', '13:00'], { holdId: 'h2', bookingId: 'b2' })).thenThrows('slot_taken', 'conflict');
    expect(error.message).toBe('Выбранное время уже занято');
    ledger.given([reserved(['15:00'])]).when(hold(['15:00'], { holdId: 'h2' })).thenThrows('slot_taken');
    ledger.given([held(['12:00']), confirmed(['12:00'])]).when(hold(['12:00'], { holdId: 'h2' })).thenThrows('slot_taken');
  });

  it('an expired hold that was not released still blocks its cells', () => {
    const expiredLongAgo = held(['12:00'], 'h0', 'b0', '2026-11-22T00:00:00.000Z');
    ledger.given([expiredLongAgo]).when(hold(['12:00'], { holdId: 'h2', bookingId: 'b2' })).thenThrows('slot_taken');
  });

  it('frees the cells once the hold is released', () => {
    const released: StudioDayEvent = { type: 'HoldReleased', data: { ...day, cells: ['12:00'], holdId: 'h0', reason: 'expired' } };
    ledger.given([held(['12:00'], 'h0', 'b0'), released]).when(hold(['12:00'])).then([held(['12:00'])]);
  });

  it('a retried hold with the same id is answered with no new event; a different one is refused', () => {
    ledger.given([held(['12:00', '12:30'])]).when(hold(['12:30', '12:00'])).then([]);
    ledger.given([held(['12:00'])]).when(hold(['14:00'])).thenThrows('hold_exists', 'conflict');
  });
});

describe('ConfirmHold', () => {
  const confirm = (holdId = 'h1', bookingId = 'b1'): StudioDayCommand => ({ type: 'ConfirmHold', data: { ...day, holdId, bookingId } });

  it('turns the held cells into a booking', () => {
    ledger.given([held(['12:00', '12:30'])]).when(confirm()).then([confirmed(['12:00', '12:30'])]);
  });

  it('confirms an expired hold the worker has not released yet (its cells are still its own)', () => {
    ledger.given([held(['12:00'], 'h1', 'b1', '2026-11-22T00:00:00.000Z')]).when(confirm()).then([confirmed(['12:00'])]);
  });

  it('is idempotent for a repeated payment notification', () => {
    ledger.given([held(['12:00']), confirmed(['12:00'])]).when(confirm()).then([]);
  });

  it('refuses an unknown hold, a released hold and a hold of another booking', () => {
    ledger.given([]).when(confirm()).thenThrows('hold_not_found', 'not_found');
    const released: StudioDayEvent = { type: 'HoldReleased', data: { ...day, cells: ['12:00'], holdId: 'h1', reason: 'expired' } };
    ledger.given([held(['12:00']), released]).when(confirm()).thenThrows('hold_released', 'conflict');
    ledger.given([held(['12:00'])]).when(confirm('h1', 'other')).thenThrows('hold_booking_mismatch');
  });
});

describe('ReleaseHold', () => {
  const release = (holdId = 'h1'): StudioDayCommand => ({ type: 'ReleaseHold', data: { ...day, holdId, reason: 'expired' } });
  const released: StudioDayEvent = { type: 'HoldReleased', data: { ...day, cells: ['12:00', '12:30'], holdId: 'h1', reason: 'expired' } };

  it('gives the held cells back', () => {
    ledger.given([held(['12:00', '12:30'])]).when(release()).then([released]);
  });

  it('is idempotent: unknown or already released holds yield nothing', () => {
    ledger.given([]).when(release()).then([]);
    ledger.given([held(['12:00', '12:30']), released]).when(release()).then([]);
  });

  it('never frees a confirmed booking when the expiry job fires late', () => {
    ledger.given([held(['12:00']), confirmed(['12:00'])]).when(release()).then([]);
  });

  describe('asked for by a caller', () => {
    const visitor = 'ab'.repeat(32);
    const heldBy = { ...held(['12:00', '12:30']), data: { ...held(['12:00', '12:30']).data, occupant: { userId: 'u1', visitor } } } as StudioDayEvent;
    const releaseBy = (by: { visitor?: string; userId?: string }): StudioDayCommand => ({ type: 'ReleaseHold', data: { ...day, holdId: 'h1', reason: 'cancelled', by } });
    const cancelled: StudioDayEvent = { type: 'HoldReleased', data: { ...day, cells: ['12:00', '12:30'], holdId: 'h1', reason: 'cancelled' } };

    it("is done for the hold's own browser or account", () => {
      ledger.given([heldBy]).when(releaseBy({ visitor })).then([cancelled]);
      ledger.given([heldBy]).when(releaseBy({ userId: 'u1', visitor: 'cd'.repeat(32) })).then([cancelled]);
    });

    it('is refused to anyone else, a caller with no cookie included', () => {
      ledger.given([heldBy]).when(releaseBy({ visitor: 'cd'.repeat(32), userId: 'u2' })).thenThrows('hold_not_yours', 'forbidden');
      ledger.given([heldBy]).when(releaseBy({})).thenThrows('hold_not_yours', 'forbidden');
    });
  });
});

describe('ReserveSlots (staff)', () => {
  const reserve = (cells: string[], bookingId = 'b9'): StudioDayCommand => ({
    type: 'ReserveSlots',
    data: { ...day, cells, bookingId, occupant: { phone: '+7 999 000-00-00' } },
  });

  it('reserves any grid cell of the day, without the notice rule', () => {
    ledger.given([]).when(reserve(['00:00', '23:30', '08:30'])).then([reserved(['00:00', '08:30', '23:30'])]);
  });

  it('records a technical reservation and its admin', () => {
    ledger.given([]).when({ type: 'ReserveSlots', data: { ...day, cells: ['12:00'], bookingId: 'b9', occupant: {}, technical: true, adminId: 'a1' } }).then([
      { type: 'SlotsReserved', data: { ...day, cells: ['12:00'], bookingId: 'b9', occupant: {}, technical: true, adminId: 'a1' } },
    ]);
  });

  it('refuses overlaps, off-grid cells and duplicates', () => {
    ledger.given([held(['12:00'])]).when(reserve(['11:30', '12:00'])).thenThrows('slot_taken');
    ledger.given([]).when(reserve(['24:00'])).thenThrows('invalid_cell');
    ledger.given([]).when(reserve(['12:00', '12:00'])).thenThrows('duplicate_cell');
  });
});

describe('ReleaseBooking', () => {
  const releaseBooking = (bookingId: string, cells?: string[]): StudioDayCommand => ({
    type: 'ReleaseBooking',
    data: { ...day, bookingId, reason: 'cancelled', ...(cells ? { cells } : {}) },
  });

  it('releases the cells of a confirmed booking and of a staff reservation', () => {
    ledger.given([held(['12:00', '12:30']), confirmed(['12:00', '12:30'])]).when(releaseBooking('b1')).then([
      { type: 'BookingReleased', data: { ...day, cells: ['12:00', '12:30'], bookingId: 'b1', reason: 'cancelled' } },
    ]);
    ledger.given([reserved(['15:00'])]).when(releaseBooking('b9')).then([
      { type: 'BookingReleased', data: { ...day, cells: ['15:00'], bookingId: 'b9', reason: 'cancelled' } },
    ]);
  });

  it('can release part of a booking, leaving the rest booked', () => {
    const partial: StudioDayEvent = { type: 'BookingReleased', data: { ...day, cells: ['15:30'], bookingId: 'b9', reason: 'cancelled' } };
    ledger.given([reserved(['15:00', '15:30'])]).when(releaseBooking('b9', ['15:30'])).then([partial]);
    ledger.given([reserved(['15:00', '15:30']), partial]).when(hold(['15:00'], { holdId: 'h2' })).thenThrows('slot_taken');
  });

  it('is idempotent and never touches cells that are only held or belong to others', () => {
    ledger.given([]).when(releaseBooking('b1')).then([]);
    ledger.given([held(['12:00'])]).when(releaseBooking('b1')).then([]);
    ledger.given([reserved(['15:00'], 'b9')]).when(releaseBooking('b8')).then([]);
  });
});

describe('MoveBooking', () => {
  const move = (cells: string[], overrides: Partial<Extract<StudioDayCommand, { type: 'MoveBooking' }>['data']> = {}): StudioDayCommand => ({
    type: 'MoveBooking',
    data: { ...day, bookingId: 'b9', cells, occupant: { phone: '+7 (999) 000-00-00' }, ...overrides },
  });
  const released = (cells: string[], bookingId = 'b9'): StudioDayEvent => ({ type: 'BookingReleased', data: { ...day, cells, bookingId, reason: 'moved' } });

  it('takes the target and frees the old cells in one decision', () => {
    ledger.given([reserved(['15:00', '15:30'])]).when(move(['18:00', '18:30'])).then([released(['15:00', '15:30']), reserved(['18:00', '18:30'])]);
  });

  it('moving over its own cells frees and takes only the difference; the same cells again change nothing', () => {
    ledger.given([reserved(['15:00', '15:30'])]).when(move(['15:30', '16:00'])).then([released(['15:00']), reserved(['16:00'])]);
    ledger.given([reserved(['15:00', '15:30'])]).when(move(['15:30', '15:00'])).then([]);
  });

  it('a shorter target frees the intervals left over', () => {
    ledger.given([reserved(['15:00', '15:30', '16:00'])]).when(move(['20:00'])).then([released(['15:00', '15:30', '16:00']), reserved(['20:00'])]);
  });

  it('on a day new to the booking takes the cells for the customer named, at any hour of the day', () => {
    ledger.given([]).when(move(['00:00', '23:30'])).then([
      { type: 'SlotsReserved', data: { ...day, cells: ['00:00', '23:30'], bookingId: 'b9', occupant: { phone: '79990000000' }, technical: false } },
    ]);
  });

  it('keeps a technical reservation technical', () => {
    const technical: StudioDayEvent = { type: 'SlotsReserved', data: { ...day, cells: ['15:00'], bookingId: 'b9', occupant: {}, technical: true } };
    ledger.given([technical]).when(move(['16:00'])).then([released(['15:00']), { type: 'SlotsReserved', data: { ...day, cells: ['16:00'], bookingId: 'b9', occupant: {}, technical: true } }]);
  });

  it('refuses a target overlapping another booking or a hold, with the spec\'s message, and frees nothing', () => {
    const error = ledger.given([reserved(['15:00'], 'b9'), reserved(['18:30'], 'b8')]).when(move(['18:00', '18:30'])).thenThrows('slot_taken', 'conflict');
    expect(error.message).toBe('На выбранном диапазоне уже есть бронирования. Выберите другое окно.');
    ledger.given([reserved(['15:00'], 'b9'), held(['18:00'])]).when(move(['18:00'])).thenThrows('slot_taken', 'conflict');
  });

  it('refuses a booking whose cells are still held for its payment', () => {
    ledger.given([held(['12:00'], 'h1', 'b9')]).when(move(['18:00'])).thenThrows('booking_not_paid', 'conflict');
  });

  it('refuses cells off the grid or beyond the day, and no cells', () => {
    ledger.given([reserved(['15:00'])]).when(move(['18:15'])).thenThrows('invalid_cell', 'validation');
    ledger.given([reserved(['15:00'])]).when(move(['24:00'])).thenThrows('invalid_cell', 'validation');
    ledger.given([reserved(['15:00'])]).when(move([])).thenThrows('no_cells', 'validation');
  });
});

describe('events match their published schemas', () => {
  it('every event the ledger emits parses with studioDayEventSchemas', () => {
    const emitted = [
      ...studioDayDecider.decide(hold(['12:00', '12:30']), studioDayDecider.initialState()),
      ...[held(['12:00']), reserved(['15:00'])],
      ...studioDayDecider.decide(
        { type: 'MoveBooking', data: { ...day, bookingId: 'b9', cells: ['16:00'], occupant: { phone: '79990000000' } } },
        studioDayDecider.evolve(studioDayDecider.initialState(), reserved(['15:00'])),
      ),
      ...studioDayDecider.decide({ type: 'ConfirmHold', data: { ...day, holdId: 'h1', bookingId: 'b1' } }, studioDayDecider.evolve(studioDayDecider.initialState(), held(['12:00']))),
    ];
    for (const event of emitted) expect(studioDayEventSchemas[event.type].parse(event.data)).toEqual(event.data);
  });
});

describe('HandOverHold', () => {
  const next = { holdId: 'h2', bookingId: 'b2', occupant: { userId: 'u2' }, now, holdMinutes: 15 };
  const handOver = (overrides: Partial<Extract<StudioDayCommand, { type: 'HandOverHold' }>['data']> = {}): StudioDayCommand => ({
    type: 'HandOverHold',
    data: { ...day, holdId: 'h1', reason: 'expired', next, ...overrides },
  });
  const nextHeld: StudioDayEvent = { type: 'SlotsHeld', data: { ...day, cells: ['12:00', '12:30'], holdId: 'h2', bookingId: 'b2', occupant: { userId: 'u2' }, expiresAt: minutesLater(15) } };

  it('moves a held hold\'s cells to a new hold in one decision; a retry adds nothing', () => {
    const events = ledger.given([held(['12:00', '12:30'])]).when(handOver()).then([
      { type: 'HoldReleased', data: { ...day, cells: ['12:00', '12:30'], holdId: 'h1', reason: 'expired' } },
      nextHeld,
    ]);
    ledger.given([held(['12:00', '12:30']), ...events]).when(handOver()).then([]);
  });

  it('only the holder may hand a hold over to their checkout', () => {
    ledger.given([held(['12:00'])]).when(handOver({ reason: 'handed-over', by: { userId: 'u9' } })).thenThrows('hold_not_yours', 'forbidden');
    ledger.given([held(['12:00'])]).when(handOver({ reason: 'handed-over', by: { userId: 'u1' } })).then([
      { type: 'HoldReleased', data: { ...day, cells: ['12:00'], holdId: 'h1', reason: 'handed-over' } },
      { ...nextHeld, data: { ...nextHeld.data, cells: ['12:00'] } } as StudioDayEvent,
    ]);
  });

  it('refuses a released or confirmed hold, and keeps the notice rule for the new hold', () => {
    ledger.given([held(['12:00']), { type: 'HoldReleased', data: { ...day, cells: ['12:00'], holdId: 'h1', reason: 'expired' } }]).when(handOver()).thenThrows('hold_released', 'conflict');
    ledger.given([held(['12:00']), confirmed(['12:00'])]).when(handOver()).thenThrows('hold_released');
    ledger.given([held(['10:00'], 'h1', 'b1')]).when(handOver()).thenThrows('notice_too_short', 'validation');
  });
});
