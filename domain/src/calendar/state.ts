import type { Occupant, StudioDayEvent } from './events';

export interface CellState {
  state: 'held' | 'booked';
  bookingId: string;
  holdId?: string;
  /** Only while held. Past it the cell still blocks until HoldReleased (see decide.ts). */
  expiresAt?: string;
  occupant: Occupant;
  /** A staff reservation that blocks time without a customer; a move keeps it so. */
  technical?: boolean;
}

export interface HoldState {
  status: 'held' | 'confirmed' | 'released';
  cells: string[];
  bookingId: string;
  expiresAt: string;
  /** Whose hold it is: only they (or staff) may let it go early. */
  occupant: Occupant;
}

export interface StudioDayState {
  /** Keyed by cell start "HH:MM"; a free cell has no entry. */
  cells: Readonly<Record<string, CellState>>;
  /** Every hold the day has seen, so confirm and release stay idempotent. */
  holds: Readonly<Record<string, HoldState>>;
}

export const initialStudioDayState = (): StudioDayState => ({ cells: {}, holds: {} });

/** Evolve owns the state it is handed (see Decider.evolve): readonly to everyone else. */
const writable = (state: StudioDayState) => state as { cells: Record<string, CellState>; holds: Record<string, HoldState> };

export function evolveStudioDay(state: StudioDayState, event: StudioDayEvent): StudioDayState {
  const { cells: cellMap, holds } = writable(state);
  switch (event.type) {
    case 'SlotsHeld': {
      const { holdId, bookingId, expiresAt, occupant, cells } = event.data;
      for (const cell of cells) cellMap[cell] = { state: 'held', holdId, bookingId, expiresAt, occupant };
      holds[holdId] = { status: 'held', cells, bookingId, expiresAt, occupant };
      break;
    }
    case 'HoldConfirmed': {
      const { holdId, bookingId, cells } = event.data;
      for (const cell of cells) cellMap[cell] = { state: 'booked', holdId, bookingId, occupant: cellMap[cell]?.occupant ?? {} };
      const hold = holds[holdId];
      if (hold) holds[holdId] = { ...hold, status: 'confirmed' };
      break;
    }
    case 'HoldReleased': {
      const { holdId, cells } = event.data;
      for (const cell of cells) {
        const current = cellMap[cell];
        if (current?.state === 'held' && current.holdId === holdId) delete cellMap[cell];
      }
      const hold = holds[holdId];
      if (hold) holds[holdId] = { ...hold, status: 'released' };
      break;
    }
    case 'SlotsReserved': {
      const { bookingId, occupant, cells, technical } = event.data;
      for (const cell of cells) cellMap[cell] = { state: 'booked', bookingId, occupant, ...(technical ? { technical } : {}) };
      break;
    }
    case 'BookingReleased': {
      const { bookingId, cells } = event.data;
      for (const cell of cells) {
        const current = cellMap[cell];
        if (current?.state === 'booked' && current.bookingId === bookingId) delete cellMap[cell];
      }
      break;
    }
  }
  return state;
}
