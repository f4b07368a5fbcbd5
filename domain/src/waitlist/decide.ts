import { DomainError } from '../errors';
import { cellsOfRange, isOpeningCell } from '../time/grid';
import { tomskToday } from '../time/tomsk';
import type { WaitlistCommand } from './commands';
import type { WaitlistEvent, WaitlistLine } from './events';
import {
  WAITLIST_ALREADY_JOINED_MESSAGE,
  WAITLIST_BAD_RANGE_MESSAGE,
  WAITLIST_DATE_PASSED_MESSAGE,
  WAITLIST_ENTRY_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
} from './messages';
import { firstWaiting, isActiveEntry, type WaitlistState } from './state';

const lineOf = ({ studio, date, timeStart, timeEnd }: WaitlistLine): WaitlistLine => ({ studio, date, timeStart, timeEnd });

/** The cells a line waits for: customer hours only (10:00–22:00), at least one cell. */
export function waitlistCells(line: Pick<WaitlistLine, 'timeStart' | 'timeEnd'>): string[] {
  let cells: string[];
  try {
    cells = cellsOfRange(line.timeStart, line.timeEnd);
  } catch {
    throw new DomainError('validation', 'waitlist_bad_range', WAITLIST_BAD_RANGE_MESSAGE, 'time_end');
  }
  if (!cells.every(isOpeningCell)) throw new DomainError('validation', 'waitlist_bad_range', WAITLIST_BAD_RANGE_MESSAGE, 'time_start');
  return cells;
}

const datePassed = (line: WaitlistLine, now: Date) => line.date < tomskToday(now);
const offerGone = () => new DomainError('conflict', 'waitlist_offer_gone', WAITLIST_OFFER_GONE_MESSAGE, 'offer');

/** The waitlist of one studio, date and range (docs/waitlist.md): who waits, in order, and the one open offer. */
export function decideWaitlist(command: WaitlistCommand, state: WaitlistState): WaitlistEvent[] {
  const line = lineOf(command.data);
  switch (command.type) {
    case 'JoinWaitlist': {
      const { entryId, customerId, now } = command.data;
      waitlistCells(line);
      const existing = state.entries[entryId];
      // A retried request (same entry id) is answered by the entry it made.
      if (existing?.customerId === customerId) return [];
      if (existing) throw new DomainError('conflict', 'waitlist_entry_exists', 'Такая запись уже существует', 'id');
      if (state.ended || datePassed(line, now)) throw new DomainError('validation', 'waitlist_date_passed', WAITLIST_DATE_PASSED_MESSAGE, 'date');
      if (Object.values(state.entries).some((e) => e.customerId === customerId && isActiveEntry(e))) {
        throw new DomainError('conflict', 'waitlist_already_joined', WAITLIST_ALREADY_JOINED_MESSAGE, 'time_start');
      }
      return [{ type: 'WaitlistJoined', data: { ...line, entryId, customerId, joinedAt: now.toISOString() } }];
    }
    case 'LeaveWaitlist': {
      const { entryId, customerId } = command.data;
      const entry = state.entries[entryId];
      if (entry?.customerId !== customerId) throw new DomainError('not_found', 'waitlist_entry_not_found', WAITLIST_ENTRY_NOT_FOUND_MESSAGE, 'id');
      if (!isActiveEntry(entry)) return [];
      const left: WaitlistEvent = { type: 'WaitlistLeft', data: { ...line, entryId, customerId } };
      // Leaving during one's own offer gives it up; the caller then passes the hold on.
      if (state.offer?.entryId === entryId) {
        return [{ type: 'WaitlistOfferLapsed', data: { ...line, entryId, holdId: state.offer.holdId, reason: 'declined' } }, left];
      }
      return [left];
    }
    case 'MakeWaitlistOffer': {
      const { entryId, holdId, expiresAt } = command.data;
      if (state.offer?.holdId === holdId && state.offer.entryId === entryId) return [];
      if (state.offer) throw new DomainError('conflict', 'waitlist_offer_open', 'Время уже предложено другому клиенту из листа ожидания', 'offer');
      if (state.ended || firstWaiting(state) !== entryId) throw new DomainError('conflict', 'waitlist_not_first', 'Предложить время можно только первому в очереди', 'entryId');
      const customerId = state.entries[entryId]!.customerId;
      return [{ type: 'WaitlistOfferMade', data: { ...line, entryId, customerId, holdId, expiresAt } }];
    }
    case 'LapseWaitlistOffer': {
      const { holdId, reason, now } = command.data;
      const offer = state.offer;
      // Already taken, lapsed or ended: nothing left to lapse.
      if (offer?.holdId !== holdId) return [];
      if (reason === 'expired' && now.getTime() < Date.parse(offer.expiresAt)) {
        throw new DomainError('conflict', 'waitlist_offer_running', 'Время предложения ещё не истекло', 'offer');
      }
      return [{ type: 'WaitlistOfferLapsed', data: { ...line, entryId: offer.entryId, holdId, reason } }];
    }
    case 'TakeWaitlistOffer': {
      const { holdId, customerId, bookingId } = command.data;
      const offer = state.offer;
      if (offer?.holdId !== holdId || offer.customerId !== customerId) throw offerGone();
      return [{ type: 'WaitlistOfferTaken', data: { ...line, entryId: offer.entryId, holdId, bookingId } }];
    }
    case 'EndWaitlist': {
      if (state.ended || state.order.length === 0 || !datePassed(line, command.data.now)) return [];
      return [{ type: 'WaitlistEnded', data: line }];
    }
  }
}
