import { describe, expect, it } from 'vitest';
import { ANONYMOUS, buildCalendarDays, occupantKey, type CalendarViewer, type SlotRow } from './calendar-days';

const priceOnly = (hour_price: string | null): SlotRow => ({ hour_price, date: null, cell: null, user_id: null, customer_phone: null, visitor: null, booking_id: null, state: null, technical: null });
const taken = (date: string, cell: string, user_id: string | null, customer_phone: string | null, visitor: string | null = null, booking_id = `b-${cell}`): SlotRow =>
  ({ hour_price: '300000', date, cell, user_id, customer_phone, visitor, booking_id, state: 'booked', technical: false });
const STAFF: CalendarViewer = { staff: true, keys: new Set() };
const visitorA = 'a'.repeat(64);

describe('buildCalendarDays', () => {
  it('given no taken cell and no price, every cell of every date is free at the default price', () => {
    const days = buildCalendarDays('2026-02-27', '2026-03-01', [priceOnly(null)], ANONYMOUS);
    expect(Object.keys(days)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    for (const day of Object.values(days)) {
      expect(day.price).toBe(2000);
      expect(Object.keys(day.slots)).toHaveLength(24);
      expect(Object.values(day.slots).every((slot) => slot.available)).toBe(true);
    }
  });

  const rows = [taken('2026-11-23', '10:00', 'u-1', '79991234567', visitorA), taken('2026-11-23', '10:30', 'u-2', '79990000000'), taken('2026-11-23', '13:30', null, null)];

  it('given taken cells and a staff reader, they show who holds them and which booking; the others stay free', () => {
    const days = buildCalendarDays('2026-11-23', '2026-11-23', rows, STAFF);
    const day = days['2026-11-23']!;
    expect(day.price).toBe(3000);
    expect(day.slots['10:00-10:30']).toEqual({ available: false, bookingId: 'b-10:00', state: 'booked', userId: 'u-1', customerPhone: '79991234567' });
    expect(day.slots['13:30-14:00']).toEqual({ available: false, bookingId: 'b-13:30', state: 'booked' });
    expect(day.slots['11:00-11:30']).toEqual({ available: true });
  });

  const booking = { customerName: 'Анна', customerComment: 'С собакой', peopleCount: 3, total: 400000, paid: 200000 };
  const withBooking: CalendarViewer = { ...STAFF, bookings: new Map([['b-10:00', booking]]) };

  it('given a staff reader and the booking behind a cell, it shows the customer, the people and the money; a technical cell says so', () => {
    const technical = { ...taken('2026-11-23', '15:00', null, null, null, 'b-tech'), technical: true };
    const day = buildCalendarDays('2026-11-23', '2026-11-23', [...rows, technical], withBooking)['2026-11-23']!;
    expect(day.slots['10:00-10:30']).toEqual({
      available: false,
      bookingId: 'b-10:00',
      state: 'booked',
      userId: 'u-1',
      customerPhone: '79991234567',
      customerName: 'Анна',
      customerComment: 'С собакой',
      people_count: 3,
      totalPrice: 4000,
      paidAmount: 2000,
      fullyPaid: false,
    });
    expect(day.slots['15:00-15:30']).toEqual({ available: false, bookingId: 'b-tech', state: 'booked', technical: true });
  });

  it('given the bookings but a reader who is not staff, not one admin-only field leaves, not even to the cell\'s own visitor', () => {
    for (const viewer of [ANONYMOUS, { staff: false, keys: new Set([occupantKey.visitor(visitorA)]) }]) {
      const day = buildCalendarDays('2026-11-23', '2026-11-23', rows, { ...viewer, bookings: withBooking.bookings })['2026-11-23']!;
      const text = JSON.stringify(day);
      for (const secret of ['b-10', 'bookingId', 'state', 'Анна', 'собакой', 'people_count', 'totalPrice', 'paidAmount', 'fullyPaid', 'u-1', '7999']) expect(text).not.toContain(secret);
    }
  });

  it('given an anonymous reader, taken cells say only that they are taken: nobody\'s phone or id leaves', () => {
    const day = buildCalendarDays('2026-11-23', '2026-11-23', rows, ANONYMOUS)['2026-11-23']!;
    expect(day.slots['10:00-10:30']).toEqual({ available: false });
    expect(day.slots['10:30-11:00']).toEqual({ available: false });
    expect(JSON.stringify(day)).not.toMatch(/7999|u-1|u-2/);
  });

  it('given the visitor who holds a cell, it is marked as theirs and tells nothing else about anybody', () => {
    const day = buildCalendarDays('2026-11-23', '2026-11-23', rows, { staff: false, keys: new Set([occupantKey.visitor(visitorA)]) })['2026-11-23']!;
    expect(day.slots['10:00-10:30']).toEqual({ available: false, mine: true });
    expect(day.slots['10:30-11:00']).toEqual({ available: false });
    expect(JSON.stringify(day)).not.toMatch(/7999|u-1|u-2|aaaa/);
  });

  it('given a user id as a visitor key, it is not taken for that user (one namespace per kind of identity)', () => {
    const day = buildCalendarDays('2026-11-23', '2026-11-23', rows, { staff: false, keys: new Set([occupantKey.visitor('u-1')]) })['2026-11-23']!;
    expect(day.slots['10:00-10:30']).toEqual({ available: false });
  });

  it('given a staff reservation outside opening hours, the public grid leaves it out', () => {
    const days = buildCalendarDays('2026-11-23', '2026-11-23', [taken('2026-11-23', '08:00', 'u-1', null)], STAFF);
    expect(Object.keys(days['2026-11-23']!.slots)).not.toContain('08:00-08:30');
    expect(Object.values(days['2026-11-23']!.slots).every((slot) => slot.available)).toBe(true);
  });
});
