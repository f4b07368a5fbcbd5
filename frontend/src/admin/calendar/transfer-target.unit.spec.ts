import type { CalendarDay, SlotState } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from './transfer-messages';
import { chooseIntervals, intervalsOf, type TransferSelection } from './transfer-selection';
import { pickAt, previewAt } from './transfer-target';

const date = '2026-10-16';
const free: SlotState = { available: true };
const heldBy = (bookingId?: string): SlotState => ({ available: false, ...(bookingId ? { bookingId } : {}) });

/** Booking «a» 14:00–16:00 is being moved whole; «b» holds 18:00–19:00. */
const day: CalendarDay = {
  price: 2000,
  slots: {
    '12:00-12:30': free,
    '14:00-14:30': heldBy('a'),
    '14:30-15:00': heldBy('a'),
    '15:00-15:30': heldBy('a'),
    '15:30-16:00': heldBy('a'),
    '18:00-18:30': heldBy('b'),
    '18:30-19:00': heldBy('b'),
    '20:00-20:30': heldBy(),
  },
};

function selection(count = 4): TransferSelection {
  const choice = chooseIntervals(intervalsOf([{ id: 'a', date, time_start: '14:00', time_end: '16:00' }]), 0, count);
  if (!choice.ok) throw new Error(choice.message);
  return choice.selection;
}

describe('the transfer’s target', () => {
  it('given a free cell, previews the chosen length from it, free', () => {
    expect(previewAt(selection(), day, date, '11:00')).toEqual({ date, start: '11:00', end: '13:00', count: 4, taken: false, outside: false });
  });

  it('given a range reaching into another booking, previews it as taken', () => {
    expect(previewAt(selection(), day, date, '16:30').taken).toBe(true);
    expect(previewAt(selection(2), day, date, '19:00').taken).toBe(false);
  });

  it('given a range over the moved booking’s own cells, previews it as free (they are given up by the move)', () => {
    expect(previewAt(selection(), day, date, '15:00').taken).toBe(false);
  });

  it('given a taken cell the calendar names no booking for, counts it as taken', () => {
    expect(previewAt(selection(1), day, date, '20:00').taken).toBe(true);
  });

  it('given a range past midnight, previews it as outside the day, its end held at 24:00; one ending at 24:00 fits', () => {
    expect(previewAt(selection(), undefined, date, '22:30')).toMatchObject({ end: '24:00', outside: true });
    expect(previewAt(selection(), undefined, date, '22:00')).toMatchObject({ end: '24:00', outside: false });
  });

  it('when a busy half is clicked, refuses it', () => {
    expect(pickAt(selection(), day, date, '18:30')).toEqual({ ok: false, message: TRANSFER_MESSAGES.busyHalf });
    expect(pickAt(selection(), day, date, '20:00')).toEqual({ ok: false, message: TRANSFER_MESSAGES.busyHalf });
  });

  it('when a free half starts a range another booking holds part of, gives the server’s conflict message', () => {
    expect(pickAt(selection(), day, date, '17:00')).toEqual({ ok: false, message: TRANSFER_MESSAGES.taken });
  });

  it('when the range would run past midnight, says it must fit the day', () => {
    expect(pickAt(selection(), day, date, '23:00')).toEqual({ ok: false, message: TRANSFER_MESSAGES.outsideDay });
  });

  it('when a free range is clicked, or one on the moved booking’s own cells, takes it as the target', () => {
    expect(pickAt(selection(), day, date, '11:00')).toEqual({ ok: true, target: { date, start: '11:00', end: '13:00' } });
    expect(pickAt(selection(), day, date, '14:30')).toEqual({ ok: true, target: { date, start: '14:30', end: '16:30' } });
  });
});
