import { describe, expect, it } from 'vitest';
import { addDays } from '../time/tomsk';
import { BEYOND_HORIZON_MESSAGE, BOOKING_HORIZON_DAYS, checkCustomerBookingDates, MAX_BOOKING_DATES } from './booking-dates';

const today = '2030-01-09';
const days = (count: number, from = 1) => Array.from({ length: count }, (_, i) => addDays(today, from + i));

describe('checkCustomerBookingDates', () => {
  it(`given ${MAX_BOOKING_DATES} dates, the last on the horizon, then the checkout may go on`, () => {
    expect(() => checkCustomerBookingDates(days(MAX_BOOKING_DATES, BOOKING_HORIZON_DAYS - MAX_BOOKING_DATES + 1), today)).not.toThrow();
  });

  it('given several slots on one date, then that date counts once', () => {
    expect(() => checkCustomerBookingDates([...days(MAX_BOOKING_DATES), addDays(today, 1)], today)).not.toThrow();
  });

  it(`given ${MAX_BOOKING_DATES + 1} dates, then it is refused at timeSlots`, () => {
    expect(() => checkCustomerBookingDates(days(MAX_BOOKING_DATES + 1), today)).toThrow(
      expect.objectContaining({ kind: 'validation', code: 'too_many_dates', field: 'timeSlots', message: 'За один раз можно забронировать не более 7 дат' }),
    );
  });

  it('given a date one day past 8 weeks, then it is refused with the horizon message', () => {
    expect(() => checkCustomerBookingDates([addDays(today, 3), addDays(today, BOOKING_HORIZON_DAYS + 1)], today)).toThrow(
      expect.objectContaining({ kind: 'validation', code: 'beyond_horizon', field: 'timeSlots', message: BEYOND_HORIZON_MESSAGE }),
    );
    expect(BEYOND_HORIZON_MESSAGE).toBe('Бронирование доступно не более чем на 8 недель вперёд');
  });
});
