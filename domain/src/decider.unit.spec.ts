import { describe, expect, it } from 'vitest';
import { copyState } from './decider';
import { studioDayDecider } from './calendar/decider';
import type { StudioDayEvent } from './calendar/events';

const day = { studio: 'pochta' as const, date: '2026-11-23' };
const held: StudioDayEvent = {
  type: 'SlotsHeld',
  data: { ...day, cells: ['12:00'], holdId: 'h1', bookingId: 'b1', occupant: {}, expiresAt: '2026-11-23T05:15:00.000Z' },
};
const released: StudioDayEvent = { type: 'HoldReleased', data: { ...day, cells: ['12:00'], holdId: 'h1', reason: 'expired' } };

describe('copyState', () => {
  it('keeps what it copied while the original is evolved in place', () => {
    const state = studioDayDecider.evolve(studioDayDecider.initialState(), held);
    const copy = copyState(state);
    const after = studioDayDecider.evolve(state, released);

    expect(after.cells).toEqual({});
    expect(after.holds.h1?.status).toBe('released');
    expect(Object.keys(copy.cells)).toEqual(['12:00']);
    expect(copy.holds.h1?.status).toBe('held');
  });

  it('passes values that are not objects through', () => {
    expect(copyState(3)).toBe(3);
    expect(copyState([1, 2])).toEqual([1, 2]);
  });
});
