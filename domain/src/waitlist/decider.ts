import { defineAggregate } from '../aggregate';
import { waitlistStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { cellsOfRange, isOpeningCell } from '../time/grid';
import { tomskToday } from '../time/tomsk';
import { type WaitlistEvent, waitlistEventSchemas, type WaitlistLine } from './events';
import { WAITLIST_ALREADY_JOINED_MESSAGE, WAITLIST_BAD_RANGE_MESSAGE, WAITLIST_DATE_PASSED_MESSAGE, WAITLIST_ENTRY_NOT_FOUND_MESSAGE, WAITLIST_OFFER_GONE_MESSAGE } from './messages';

/** Every command names its line: the command side loads waitlistStream(line) for it. */
export type WaitlistCommand =
  | { type: 'JoinWaitlist'; data: WaitlistLine & { entryId: string; customerId: string; now: Date } }
  | { type: 'LeaveWaitlist'; data: WaitlistLine & { entryId: string; customerId: string } }
  /** Records the offer of a hold already placed for `entryId`, who must be first in line. */
  | { type: 'MakeWaitlistOffer'; data: WaitlistLine & { entryId: string; holdId: string; expiresAt: string } }
  /** `expired` is refused before the offer's expiry by `now`. */
  | { type: 'LapseWaitlistOffer'; data: WaitlistLine & { holdId: string; reason: 'expired' | 'lost'; now: Date } }
  | { type: 'TakeWaitlistOffer'; data: WaitlistLine & { holdId: string; customerId: string; bookingId: string } }
  | { type: 'EndWaitlist'; data: WaitlistLine & { now: Date } };

export type WaitlistEntryStatus = 'waiting' | 'offered' | 'taken' | 'left' | 'lapsed' | 'ended';

export interface WaitlistEntryState {
  customerId: string;
  status: WaitlistEntryStatus;
  joinedAt: string;
}

export interface WaitlistOffer {
  entryId: string;
  customerId: string;
  holdId: string;
  expiresAt: string;
}

export interface WaitlistState {
  line: WaitlistLine | null;
  /** By entry id; `order` keeps the line's order (joining order). */
  entries: Readonly<Record<string, WaitlistEntryState>>;
  order: readonly string[];
  /** At most one at a time: a freed range is offered to one person at a time. */
  offer: WaitlistOffer | null;
  ended: boolean;
}

export const initialWaitlistState = (): WaitlistState => ({ line: null, entries: {}, order: [], offer: null, ended: false });

const ACTIVE: readonly WaitlistEntryStatus[] = ['waiting', 'offered'];
export const isActiveEntry = (entry: WaitlistEntryState) => ACTIVE.includes(entry.status);

/** The first entry still waiting, in joining order: who is offered next. */
export const firstWaiting = (state: WaitlistState): string | null => state.order.find((id) => state.entries[id]?.status === 'waiting') ?? null;

/** 1 for the first still waiting, and so on; null for an entry no longer waiting. */
export function waitingPosition(state: WaitlistState, entryId: string): number | null {
  const waiting = state.order.filter((id) => state.entries[id]?.status === 'waiting');
  const index = waiting.indexOf(entryId);
  return index < 0 ? null : index + 1;
}

const writable = (state: WaitlistState) => state as { -readonly [K in keyof WaitlistState]: WaitlistState[K] } & { entries: Record<string, WaitlistEntryState>; order: string[] };

const lineOf = ({ studio, date, timeStart, timeEnd }: WaitlistLine): WaitlistLine => ({ studio, date, timeStart, timeEnd });

export function evolveWaitlist(state: WaitlistState, event: WaitlistEvent): WaitlistState {
  const next = writable(state);
  const setStatus = (entryId: string, status: WaitlistEntryStatus) => {
    const entry = next.entries[entryId];
    if (entry) next.entries[entryId] = { ...entry, status };
  };
  switch (event.type) {
    case 'WaitlistJoined': {
      next.line ??= lineOf(event.data);
      next.entries[event.data.entryId] = { customerId: event.data.customerId, status: 'waiting', joinedAt: event.data.joinedAt };
      next.order = [...next.order, event.data.entryId];
      break;
    }
    case 'WaitlistLeft':
      setStatus(event.data.entryId, 'left');
      break;
    case 'WaitlistOfferMade': {
      const { entryId, customerId, holdId, expiresAt } = event.data;
      setStatus(entryId, 'offered');
      next.offer = { entryId, customerId, holdId, expiresAt };
      break;
    }
    case 'WaitlistOfferLapsed':
      setStatus(event.data.entryId, 'lapsed');
      next.offer = null;
      break;
    case 'WaitlistOfferTaken':
      setStatus(event.data.entryId, 'taken');
      next.offer = null;
      break;
    case 'WaitlistEnded':
      for (const id of next.order) if (isActiveEntry(next.entries[id]!)) setStatus(id, 'ended');
      next.offer = null;
      next.ended = true;
      break;
  }
  return state;
}

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

/** The line of one studio, date and range: stream waitlistStream(line). See docs/waitlist.md. */
export const waitlistAggregate = defineAggregate({
  name: 'waitlist',
  initialState: initialWaitlistState,
  decide: decideWaitlist,
  evolve: evolveWaitlist,
  events: waitlistEventSchemas,
  streamOf: (command) => waitlistStream(command.data),
});

export const waitlistDecider = waitlistAggregate.decider;
