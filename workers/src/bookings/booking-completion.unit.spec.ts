import { describe, expect, it } from 'vitest';
import { bookingEnd } from './booking-completion';

describe('bookingEnd', () => {
  it('is the end of the latest booked range, in Asia/Tomsk', () => {
    const end = bookingEnd([
      { date: '2030-01-10', cells: ['12:00', '12:30', '15:00'], holdId: 'h1' },
      { date: '2030-01-09', cells: ['21:30'], holdId: 'h2' },
    ]);
    expect(end.toISOString()).toBe('2030-01-10T08:30:00.000Z'); // 15:30 at +07:00
  });
});
