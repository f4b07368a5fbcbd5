import { describe, expect, it } from 'vitest';
import { lostTimeText, pruneSelection } from './lost-time';
import type { HalfState } from './types';

describe('lost selected time', () => {
  const selection = ['2026-11-25-13:00-13:30', '2026-11-25-13:30-14:00', '2026-11-25-15:00-15:30', '2026-11-26-10:00-10:30'];

  it('keeps free cells and sorts the rest by why they were lost', () => {
    const states: Record<string, HalfState> = {
      '2026-11-25-13:00-13:30': 'booked',
      '2026-11-25-13:30-14:00': 'user-booked',
      '2026-11-25-15:00-15:30': 'past',
      '2026-11-26-10:00-10:30': 'selected',
    };
    expect(pruneSelection(selection, (key) => states[key]!)).toEqual({
      kept: ['2026-11-26-10:00-10:30'],
      lost: [
        { reason: 'taken', keys: ['2026-11-25-13:00-13:30', '2026-11-25-13:30-14:00'] },
        { reason: 'notice', keys: ['2026-11-25-15:00-15:30'] },
      ],
    });
    expect(pruneSelection(selection, () => 'available')).toEqual({ kept: selection, lost: [] });
  });

  it('names the lost time as merged ranges in Russian', () => {
    expect(lostTimeText({ reason: 'taken', keys: selection.slice(0, 2) })).toBe('Выбранное время 25 ноября 13:00–14:00 только что заняли — выберите другое');
    expect(lostTimeText({ reason: 'taken', keys: selection })).toBe(
      'Выбранное время 25 ноября 13:00–14:00, 25 ноября 15:00–15:30 и 26 ноября 10:00–10:30 только что заняли — выберите другое',
    );
    expect(lostTimeText({ reason: 'notice', keys: ['2026-11-25-15:00-15:30'] })).toBe(
      'Выбранное время 25 ноября 15:00–15:30 уже не забронировать: до начала меньше 2 часов — выберите другое',
    );
  });
});
