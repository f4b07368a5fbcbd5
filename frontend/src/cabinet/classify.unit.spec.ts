import { describe, expect, it } from 'vitest';
import { classifyBookings, endsAt, owing, sectionOf } from './classify';
import { bookingRow } from './test-rows';

/** 2026-12-10 13:00 in Tomsk (+07:00). */
const now = new Date('2026-12-10T06:00:00Z');

describe('cabinet classification (docs/cabinet.md#rules)', () => {
  it('keeps a booking active until its end, in Tomsk time', () => {
    expect(sectionOf(bookingRow({ time_start: '12:00', time_end: '13:00' }), now)).toBe('active');
    expect(sectionOf(bookingRow({ time_start: '11:00', time_end: '12:30' }), now)).toBe('history');
    expect(sectionOf(bookingRow({ date: '2026-12-11', time_start: '10:00', time_end: '11:00' }), now)).toBe('active');
  });

  it('takes half an hour past the start when a row has no end', () => {
    expect(endsAt(bookingRow({ time_start: '12:00', time_end: '' })).toISOString()).toBe('2026-12-10T05:30:00.000Z');
    expect(sectionOf(bookingRow({ time_start: '12:30', time_end: '' }), now)).toBe('active');
    expect(sectionOf(bookingRow({ time_start: '12:00', time_end: '' }), now)).toBe('history');
  });

  it('puts cancelled and completed bookings in the history even when they are ahead', () => {
    expect(sectionOf(bookingRow({ date: '2026-12-20', status: 'canceled' }), now)).toBe('history');
    expect(sectionOf(bookingRow({ date: '2026-12-20', status: 'completed' }), now)).toBe('history');
    expect(sectionOf(bookingRow({ date: '2026-12-20', status: 'pending' }), now)).toBe('active');
  });

  it('lists a past open booking with more than a kopeck owing as unpaid', () => {
    const past = { date: '2026-12-01', full_price: 4000 } as const;
    expect(sectionOf(bookingRow({ ...past, paid_amount: 2000, fully_paid: 0 }), now)).toBe('unpaid');
    expect(sectionOf(bookingRow({ ...past, paid_amount: 3999.995 }), now)).toBe('history');
    expect(sectionOf(bookingRow({ ...past, paid_amount: 3999.98, fully_paid: 0 }), now)).toBe('unpaid');
    expect(sectionOf(bookingRow({ ...past, paid_amount: 0, status: 'canceled' }), now)).toBe('history');
    expect(sectionOf(bookingRow({ ...past, paid_amount: 0, status: 'completed' }), now)).toBe('history');
  });

  it('owes nothing within the tolerance', () => {
    expect(owing({ full_price: 4000, paid_amount: 2000 })).toBe(2000);
    expect(owing({ full_price: 4000, paid_amount: 3999.995 })).toBe(0);
    expect(owing({ full_price: 4000, paid_amount: 4500 })).toBe(0);
  });

  it('orders the coming bookings soonest first and the history latest first', () => {
    const rows = [
      bookingRow({ id: 'late', date: '2026-12-20' }),
      bookingRow({ id: 'old', date: '2026-11-01' }),
      bookingRow({ id: 'soon', date: '2026-12-11' }),
      bookingRow({ id: 'older', date: '2026-10-01' }),
      bookingRow({ id: 'owed', date: '2026-11-05', paid_amount: 0, fully_paid: 0 }),
    ];
    const { active, unpaid, history } = classifyBookings(rows, now);
    expect(active.map((row) => row.id)).toEqual(['soon', 'late']);
    expect(unpaid.map((row) => row.id)).toEqual(['owed']);
    expect(history.map((row) => row.id)).toEqual(['old', 'older']);
  });
});
