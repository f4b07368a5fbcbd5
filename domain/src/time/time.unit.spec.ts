import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  DAY_CELLS, OPENING_CELLS, addDays, cellsOfRange, contiguousRanges, daysBetween, isPastForCustomer, parseRange, parseTime,
  rangeOfCell, tomskDateTimeLocal, tomskInstant, tomskMinuteOfDay, tomskToday, weekdayOf,
} from './index';

describe('Tomsk calendar', () => {
  it('today in Tomsk rolls over at 17:00 UTC', () => {
    expect(tomskToday(new Date('2026-11-22T16:59:59Z'))).toBe('2026-11-22');
    expect(tomskToday(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
    expect(tomskMinuteOfDay(new Date('2026-11-22T17:30:00Z'))).toBe(30);
  });

  it('a Tomsk wall-clock time is seven hours ahead of UTC, summer and winter alike', () => {
    expect(tomskInstant('2026-11-23', '10:00').toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(tomskInstant('2026-07-01', '00:30').toISOString()).toBe('2026-06-30T17:30:00.000Z');
    expect(tomskInstant('2026-11-23', '24:00').toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(tomskDateTimeLocal(new Date('2026-12-31T16:59:00Z'))).toBe('2026-12-31T23:59');
    expect(tomskDateTimeLocal(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01T00:00');
  });

  it('adds days across month and leap-year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2026-12-02')).toBe(10);
    expect(daysBetween('2026-11-22', '2026-11-21')).toBe(-1);
  });

  it('numbers weekdays from Sunday = 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('refuses impossible dates', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(DomainError);
    expect(() => weekdayOf('22.11.2026')).toThrow(DomainError);
  });
});

describe('parseTime', () => {
  it.each([['00:00', 0], ['9:05', 545], ['23:59', 1439]])('%s is %i minutes', (value, minutes) => {
    expect(parseTime(value).minutes).toBe(minutes);
  });

  it.each(['24:00', '12:60', '1200', 'ab:cd', '', '12:5'])('refuses %j', (value) => {
    expect(() => parseTime(value)).toThrowError(expect.objectContaining({ kind: 'validation', code: 'invalid_time' }));
  });
});

describe('half-hour grid', () => {
  it('splits a range into cells', () => {
    expect(cellsOfRange('10:00', '12:00')).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(cellsOfRange('23:30', '24:00')).toEqual(['23:30']);
  });

  it('refuses ranges off the grid or backwards', () => {
    expect(() => cellsOfRange('10:15', '11:00')).toThrow(DomainError);
    expect(() => cellsOfRange('11:00', '11:00')).toThrow(DomainError);
    expect(() => cellsOfRange('12:00', '11:00')).toThrow(DomainError);
  });

  it('names a cell by its range', () => {
    expect(rangeOfCell('10:00')).toBe('10:00-10:30');
    expect(rangeOfCell('21:30')).toBe('21:30-22:00');
    expect(rangeOfCell('23:30')).toBe('23:30-24:00');
    expect(() => rangeOfCell('10:10')).toThrow(DomainError);
    expect(parseRange('10:00-11:00')).toEqual({ start: '10:00', end: '11:00', minutes: 60 });
    expect(() => parseRange('11:00-10:00')).toThrow(DomainError);
  });

  it('opens 24 cells from 10:00 to 21:30; staff see all 48', () => {
    expect(OPENING_CELLS).toHaveLength(24);
    expect(OPENING_CELLS[0]).toBe('10:00');
    expect(OPENING_CELLS.at(-1)).toBe('21:30');
    expect(DAY_CELLS).toHaveLength(48);
    expect(DAY_CELLS.at(-1)).toBe('23:30');
  });
});

describe('customer notice rule', () => {
  // 08:00 in Tomsk
  const now = new Date('2026-11-23T01:00:00Z');

  it('a cell starting exactly 2 h from now is past; 2 h 1 min ahead is bookable', () => {
    expect(isPastForCustomer('2026-11-23', '10:00', now)).toBe(true);
    expect(isPastForCustomer('2026-11-23', '10:00', new Date(now.getTime() - 60_000))).toBe(false);
    expect(isPastForCustomer('2026-11-23', '10:30', now)).toBe(false);
  });

  it('every cell of an earlier day is past, tomorrow is not', () => {
    expect(isPastForCustomer('2026-11-22', '21:30', now)).toBe(true);
    expect(isPastForCustomer('2026-11-24', '10:00', now)).toBe(false);
  });
});

describe('contiguousRanges', () => {
  it('joins adjacent cells into ranges, in order, ignoring repeats', () => {
    expect(contiguousRanges(['12:00', '10:30', '10:00', '12:00', '21:30'])).toEqual([
      { start: '10:00', end: '11:00' },
      { start: '12:00', end: '12:30' },
      { start: '21:30', end: '22:00' },
    ]);
    expect(contiguousRanges([])).toEqual([]);
    expect(contiguousRanges(['23:30'])).toEqual([{ start: '23:30', end: '24:00' }]);
  });
});
