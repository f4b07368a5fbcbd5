import { describe, expect, it } from 'vitest';
import { transferPlan } from './transfer-plan';
import { chooseIntervals, intervalsOf, type TransferSelection } from './transfer-selection';

const date = '2026-10-16';
/** A chain: booking «a» 14:00–15:00 then «b» 15:00–16:00. */
const chain = intervalsOf([
  { id: 'a', date, time_start: '14:00', time_end: '15:00' },
  { id: 'b', date, time_start: '15:00', time_end: '16:00' },
]);

function choose(start: number, count: number): TransferSelection {
  const choice = chooseIntervals(chain, start, count);
  if (!choice.ok) throw new Error(choice.message);
  return choice.selection;
}

const at = (start: string, end: string, on = date) => ({ date: on, start, end });
const order = (plan: ReturnType<typeof transferPlan>) => plan.moves.map((move) => `${move.bookingId} ${move.start}–${move.end}`);

describe('the transfer’s plan', () => {
  it('given the whole chain moved to another day, moves each booking to its piece of the target, deleting nothing', () => {
    const plan = transferPlan(choose(0, 4), at('10:00', '12:00', '2026-10-17'));
    expect(plan).toEqual({
      moves: [
        { bookingId: 'a', date: '2026-10-17', start: '10:00', end: '11:00' },
        { bookingId: 'b', date: '2026-10-17', start: '11:00', end: '12:00' },
      ],
      deletions: [],
      leftovers: 0,
    });
  });

  it('given the chain shifted half an hour later, moves the later booking first so the earlier lands on freed cells', () => {
    expect(order(transferPlan(choose(0, 4), at('14:30', '16:30')))).toEqual(['b 15:30–16:30', 'a 14:30–15:30']);
  });

  it('given the chain shifted half an hour earlier, moves the earlier booking first', () => {
    expect(order(transferPlan(choose(0, 4), at('13:30', '15:30')))).toEqual(['a 13:30–14:30', 'b 14:30–15:30']);
  });

  it('given only the second booking chosen, moves it and deletes the first afterwards', () => {
    const plan = transferPlan(choose(2, 2), at('18:00', '19:00'));
    expect(plan).toEqual({ moves: [{ bookingId: 'b', date, start: '18:00', end: '19:00' }], deletions: ['a'], leftovers: 2 });
  });

  it('given part of each booking chosen, moves each with its chosen length; the server drops the rest of each', () => {
    const plan = transferPlan(choose(1, 2), at('18:00', '19:00'));
    expect(plan).toEqual({
      moves: [
        { bookingId: 'a', date, start: '18:00', end: '18:30' },
        { bookingId: 'b', date, start: '18:30', end: '19:00' },
      ],
      deletions: [],
      leftovers: 2,
    });
  });
});
