import { describe, expect, it } from 'vitest';
import { readSavedSlots, savedSlotsKey, writeSavedSlots } from './saved-slots';

// 2026-11-24 08:00 in Tomsk (UTC+7): 10:00 is inside the 2-hour notice, 10:30 is not.
const now = new Date('2026-11-24T01:00:00Z');

function storeWith(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

const saved = (value: unknown) => storeWith({ [savedSlotsKey('pochta')]: JSON.stringify(value) });

describe('reading the saved step-1 choice', () => {
  it('gives back what was written, per studio', () => {
    const store = storeWith();
    const selection = ['2026-11-25-12:00-12:30', '2026-11-25-12:30-13:00'];
    writeSavedSlots(store, 'pochta', { mode: 'half', selection });
    expect(readSavedSlots(store, 'pochta', now)).toEqual({ mode: 'half', selection });
    expect(readSavedSlots(store, 'kirova', now)).toEqual({ mode: 'hour', selection: [] });
  });

  it('drops cells that are past, inside the notice, beyond 8 weeks, off the grid or malformed, and sorts the rest', () => {
    const keep = ['2026-11-24-10:30-11:00', '2026-11-25-21:30-22:00', '2027-01-19-10:00-10:30'];
    const store = saved({
      mode: 'hour',
      selection: [
        keep[2],
        '2026-11-23-15:00-15:30', // yesterday
        '2026-11-24-10:00-10:30', // within 2 hours
        keep[0],
        '2027-01-20-10:00-10:30', // 57 days ahead
        '2026-11-25-09:30-10:00', // before opening
        '2026-11-25-22:00-22:30', // after closing
        '2026-11-25-12:15-12:45', // off the half-hour grid
        '2026-11-25-12:00-13:00', // not one cell
        '2026-02-30-12:00-12:30', // no such date
        '2026-11-25-12:00-12:30 ',
        keep[1],
        keep[1],
        42,
        null,
        { date: '2026-11-25' },
      ],
    });
    expect(readSavedSlots(store, 'pochta', now)).toEqual({ mode: 'hour', selection: keep });
  });

  it('reads junk as nothing saved, without throwing', () => {
    for (const junk of ['{not json', 'null', '42', '"text"', '[]', '{"mode":"quarter","selection":"2026-11-25-12:00-12:30"}']) {
      expect(readSavedSlots(storeWith({ [savedSlotsKey('pochta')]: junk }), 'pochta', now)).toEqual({ mode: 'hour', selection: [] });
    }
    expect(readSavedSlots(null, 'pochta', now)).toEqual({ mode: 'hour', selection: [] });
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readSavedSlots(refusing, 'pochta', now)).toEqual({ mode: 'hour', selection: [] });
    expect(() => writeSavedSlots(refusing, 'pochta', { mode: 'hour', selection: [] })).not.toThrow();
  });
});
