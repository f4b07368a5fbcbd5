import { CELL_MINUTES, minutesToTime, timeToMinutes } from '@studio/domain';
import { leftoversOf, type TransferInterval, type TransferSelection } from './transfer-selection';
import type { TransferTarget } from './transfer-target';

/** One PUT …/transfer: the booking's time becomes this one range (the server drops its other intervals). */
export interface TransferMove extends TransferTarget {
  bookingId: string;
}

/** What the transfer does, in order: the moves, then the bookings none of whose intervals were chosen are deleted. */
export interface TransferPlan {
  moves: TransferMove[];
  deletions: string[];
  /** Half hours of the card left out: the deletions' and those a moved booking's server drops. */
  leftovers: number;
}

const idsInOrder = (intervals: readonly TransferInterval[]) => [...new Set(intervals.map((interval) => interval.bookingId))];

/**
 * docs/admin-calendar.md#rules «Transfer flow»: the target is cut into one piece per booking, in the order
 * the chosen intervals come, each as long as that booking's chosen half hours (never longer than
 * the booking, as the server requires).
 */
function pieces({ chosen }: TransferSelection, target: TransferTarget): TransferMove[] {
  let from = timeToMinutes(target.start);
  return idsInOrder(chosen).map((bookingId) => {
    const start = from;
    from += chosen.filter((interval) => interval.bookingId === bookingId).length * CELL_MINUTES;
    return { bookingId, date: target.date, start: minutesToTime(start), end: minutesToTime(from) };
  });
}

const overlaps = (move: TransferMove, interval: TransferInterval) => {
  const minute = timeToMinutes(interval.cell);
  return interval.date === move.date && timeToMinutes(move.start) <= minute && minute < timeToMinutes(move.end, true);
};

/**
 * The moves in an order each can succeed in: a booking's new range may cover cells another moved
 * booking still holds (a chain shifted by half an hour), so that one moves first and frees them.
 * Chains keep their order when moved, so such waits never go round in a circle; were they to, the
 * remaining moves go in the order given and the server's conflict says why.
 */
function ordered(moves: TransferMove[], all: readonly TransferInterval[]): TransferMove[] {
  const pending = [...moves];
  const result: TransferMove[] = [];
  while (pending.length > 0) {
    const held = (move: TransferMove) => all.some((interval) => interval.bookingId !== move.bookingId && pending.some((other) => other.bookingId === interval.bookingId) && overlaps(move, interval));
    const next = pending.find((move) => !held(move)) ?? pending[0]!;
    pending.splice(pending.indexOf(next), 1);
    result.push(next);
  }
  return result;
}

/** The moves and deletions that put the chosen intervals at `target` and remove the rest of the card. */
export function transferPlan(selection: TransferSelection, target: TransferTarget): TransferPlan {
  const moving = new Set(selection.chosen.map((interval) => interval.bookingId));
  return {
    moves: ordered(pieces(selection, target), selection.all),
    deletions: idsInOrder(selection.all).filter((bookingId) => !moving.has(bookingId)),
    leftovers: leftoversOf(selection).length,
  };
}
