import type { WaitlistEvent, WaitlistLine } from './events';

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
