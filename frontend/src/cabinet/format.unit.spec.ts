import { describe, expect, it } from 'vitest';
import { bookingDay, rangesText, registeredOn, studioName } from './format';

describe('cabinet formatting', () => {
  it('writes dates the Russian way, the registration in Tomsk time', () => {
    expect(bookingDay('2026-12-10')).toBe('чт, 10 декабря 2026 г.');
    expect(registeredOn('2026-11-23T18:30:00.000Z')).toBe('24 ноября 2026 г.');
    expect(registeredOn('не дата')).toBeNull();
    expect(registeredOn(undefined)).toBeNull();
  });

  it('lists the ranges of the date, the row’s own span when it has none', () => {
    expect(rangesText({ time_ranges: [{ start: '12:00', end: '14:00' }, { start: '16:00', end: '17:00' }], time_start: '12:00', time_end: '17:00' })).toBe('12:00–14:00, 16:00–17:00');
    expect(rangesText({ time_ranges: [], time_start: '12:00', time_end: '13:30' })).toBe('12:00–13:30');
  });

  it('names a known studio', () => {
    expect(studioName('kirova')).toBe('«Кирова»');
    expect(studioName('unknown')).toBe('unknown');
  });
});
