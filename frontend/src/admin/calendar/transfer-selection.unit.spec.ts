import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from './transfer-messages';
import { chooseIntervals, intervalsOf, intervalsText, leftoversOf, minutesOf } from './transfer-selection';

const date = '2026-10-16';
const row = (id: string, start: string, end: string, on = date) => ({ id, date: on, time_start: start, time_end: end });
const cells = (intervals: { bookingId: string; date: string; cell: string }[]) => intervals.map(({ bookingId, date: on, cell }) => `${bookingId}@${on} ${cell}`);

describe('the transfer dialog’s intervals', () => {
  it('given a card of two bookings listed out of order, lists their half hours by date and time with whose they are', () => {
    const intervals = intervalsOf([row('b', '15:00', '16:00'), row('a', '14:00', '15:00'), row('a', '10:00', '10:30', '2026-10-17')]);
    expect(cells(intervals)).toEqual([`a@${date} 14:00`, `a@${date} 14:30`, `b@${date} 15:00`, `b@${date} 15:30`, 'a@2026-10-17 10:00']);
  });

  it('given a range listed twice, counts its half hours once', () => {
    expect(intervalsOf([row('a', '14:00', '15:00'), row('a', '14:00', '15:00')])).toHaveLength(2);
  });

  it('when the admin chooses a start and a count, takes that many half hours from the start and their length', () => {
    const all = intervalsOf([row('a', '14:00', '16:00')]);
    const choice = chooseIntervals(all, 1, 2);
    expect(choice.ok && cells(choice.selection.chosen)).toEqual([`a@${date} 14:30`, `a@${date} 15:00`]);
    expect(choice.ok && minutesOf(choice.selection.chosen)).toBe(60);
    expect(choice.ok && cells(leftoversOf(choice.selection))).toEqual([`a@${date} 14:00`, `a@${date} 15:30`]);
  });

  it('when nothing is chosen (no intervals, or a count of none), says so', () => {
    const all = intervalsOf([row('a', '14:00', '15:00')]);
    expect(chooseIntervals([], 0, 1)).toEqual({ ok: false, message: TRANSFER_MESSAGES.nothingChosen });
    expect(chooseIntervals(all, 0, 0)).toEqual({ ok: false, message: TRANSFER_MESSAGES.nothingChosen });
    expect(chooseIntervals(all, 5, 1)).toEqual({ ok: false, message: TRANSFER_MESSAGES.nothingChosen });
  });

  it('when the count is no whole number or runs past the last interval, has no duration to move', () => {
    const all = intervalsOf([row('a', '14:00', '15:00')]);
    for (const count of [1.5, Number.NaN, -1, 3]) expect(chooseIntervals(all, 0, count)).toEqual({ ok: false, message: TRANSFER_MESSAGES.badDuration });
  });

  it('names half hours as the ranges they make, per date', () => {
    const intervals = intervalsOf([row('a', '14:00', '15:00'), row('b', '15:00', '16:00'), row('c', '18:00', '18:30'), row('a', '10:00', '10:30', '2026-10-17')]);
    expect(intervalsText(intervals)).toBe('Пт 16 октября, 14:00–16:00, 18:00–18:30; Сб 17 октября, 10:00–10:30');
  });
});
