import { describe, expect, it } from 'vitest';
import { halfSelectable, halfState, hourIsSplit, hourSelectable, hourView, takenHalf, type DayContext } from './cell-state';
import type { CalendarDay, SlotInfo } from './types';

// 2026-11-23 08:00 Tomsk: cells up to 10:00 are inside the 2-hour notice.
const now = new Date('2026-11-23T01:00:00Z');
const date = '2026-11-24';

function day(taken: Record<string, SlotInfo>): CalendarDay {
  return { price: 2000, slots: taken };
}
const ctx = (over: Partial<DayContext>): DayContext => ({ date, day: day({}), now, user: null, selected: new Set(), ...over });
const taken = (userId?: string, customerPhone?: string): SlotInfo => ({ available: false, userId, customerPhone });

describe('half-hour cell state', () => {
  it('a free cell is available, and selected once chosen', () => {
    expect(halfState(ctx({}), '10:00')).toBe('available');
    expect(halfState(ctx({ selected: new Set(['2026-11-24-10:00-10:30']) }), '10:00')).toBe('selected');
  });

  it('a cell inside the 2-hour notice is past even when free', () => {
    expect(halfState(ctx({ date: '2026-11-23' }), '10:00')).toBe('past');
    expect(halfState(ctx({ date: '2026-11-23' }), '10:30')).toBe('available');
  });

  it('a taken cell is booked, or «Ваша бронь» when the phone digits match the user', () => {
    const c = ctx({ day: day({ '10:00-10:30': taken('u1', '+7 (999) 111-22-33') }) });
    expect(halfState(c, '10:00')).toBe('booked');
    expect(halfState({ ...c, user: { id: 'other', phone: '89991112233' } }, '10:00')).toBe('user-booked');
  });

  it('a cell the server marks as the guest\'s own is «Ваша бронь» without any logged-in user', () => {
    const c = ctx({ day: day({ '10:00-10:30': { available: false, mine: true }, '10:30-11:00': { available: false } }) });
    expect(halfState(c, '10:00')).toBe('user-booked');
    expect(halfState(c, '10:30')).toBe('booked');
  });

  it('with no data (offline fallback) every future cell is available', () => {
    expect(halfState(ctx({ day: undefined }), '15:00')).toBe('available');
  });
});

describe('hour cell state', () => {
  it('both halves taken by one person make a booked hour', () => {
    const view = hourView(ctx({ day: day({ '12:00-12:30': taken('u1'), '12:30-13:00': taken('u1') }) }), 12);
    expect(view.state).toBe('booked');
    expect(hourSelectable(view)).toBe(false);
    expect(hourIsSplit(view, false)).toBe(false);
    expect(hourIsSplit(view, true)).toBe(false);
  });

  it('both halves taken by different people stay partial', () => {
    const view = hourView(ctx({ day: day({ '12:00-12:30': taken('u1'), '12:30-13:00': taken('u2') }) }), 12);
    expect(view.state).toBe('partial');
    // Drawn as two taken halves everywhere, never as a half-free hour.
    expect(hourIsSplit(view, false)).toBe(true);
    expect(hourIsSplit(view, true)).toBe(true);
  });

  it('one half taken is partial; the free half can still be chosen on its own', () => {
    const view = hourView(ctx({ day: day({ '12:30-13:00': taken('u1') }) }), 12);
    expect(view).toEqual({ state: 'partial', halves: ['available', 'booked'] });
    expect(hourSelectable(view)).toBe(false);
    expect(hourIsSplit(view, false)).toBe(true);
    expect(hourIsSplit(view, true)).toBe(false);
    expect(takenHalf(view)).toBe('second');
    expect(halfSelectable(view.halves[0])).toBe(true);
  });

  it('a half booked by the user makes the hour partial-user-booked', () => {
    const c = ctx({ day: day({ '12:00-12:30': taken('me') }), user: { id: 'me' } });
    expect(hourView(c, 12).state).toBe('partial-user-booked');
    expect(hourView({ ...c, day: day({ '12:00-12:30': taken('me'), '12:30-13:00': taken('me') }) }, 12).state).toBe('user-booked');
  });

  it('both halves marked as the guest\'s own make one «Ваша бронь» hour; one own half beside a stranger\'s stays split', () => {
    const mine: SlotInfo = { available: false, mine: true };
    const both = hourView(ctx({ day: day({ '12:00-12:30': mine, '12:30-13:00': mine }) }), 12);
    expect(both.state).toBe('user-booked');
    expect(hourIsSplit(both, false)).toBe(false);
    expect(hourIsSplit(both, true)).toBe(false);
    const beside = hourView(ctx({ day: day({ '12:00-12:30': mine, '12:30-13:00': { available: false } }) }), 12);
    expect(beside).toEqual({ state: 'partial-user-booked', halves: ['user-booked', 'booked'] });
    expect(hourIsSplit(beside, true)).toBe(true);
  });

  it('an hour whose first half is inside the notice is past as a whole', () => {
    const view = hourView(ctx({ date: '2026-11-23' }), 10);
    expect(view.state).toBe('past');
    expect(view.halves).toEqual(['past', 'available']);
    expect(hourSelectable(view)).toBe(false);
  });

  it('is selected only when both halves are chosen', () => {
    const both = new Set(['2026-11-24-14:00-14:30', '2026-11-24-14:30-15:00']);
    expect(hourView(ctx({ selected: both }), 14).state).toBe('selected');
    const one = hourView(ctx({ selected: new Set(['2026-11-24-14:30-15:00']) }), 14);
    expect(one.state).toBe('available');
    expect(hourIsSplit(one, false)).toBe(true);
    expect(hourIsSplit(one, true)).toBe(false);
  });
});
