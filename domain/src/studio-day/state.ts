import type { Occupant, StudioDayEvent } from './events';

export interface CellState {
  state: 'held' | 'booked';
  bookingId: string;
  holdId?: string;
  /** Only while held. Past it the cell still blocks until HoldReleased (see decide.ts). */
  expiresAt?: string;
  occupant: Occupant;
}

export interface HoldState {
  status: 'held' | 'confirmed' | 'released';
  cells: string[];
  bookingId: string;
  expiresAt: string;
}

export interface StudioDayState {
  /** Keyed by cell start "HH:MM"; a free cell has no entry. */
  cells: Readonly<Record<string, CellState>>;
  /** Every hold the day has seen, so confirm and release stay idempotent. */
  holds: Readonly<Record<string, HoldState>>;
}

export const initialStudioDayState = (): StudioDayState => ({ cells: {}, holds: {} });

function withoutCells(cells: StudioDayState['cells'], drop: (cell: CellState) => boolean, only: readonly string[]) {
  const next = { ...cells };
  for (const cell of only) {
    const current = next[cell];
    if (current && drop(current)) delete next[cell];
  }
  return next;
}

export function evolveStudioDay(state: StudioDayState, event: StudioDayEvent): StudioDayState {
  switch (event.type) {
    case 'SlotsHeld': {
      const { holdId, bookingId, expiresAt, occupant, cells } = event.data;
      const next = { ...state.cells };
      for (const cell of cells) next[cell] = { state: 'held', holdId, bookingId, expiresAt, occupant };
      return { cells: next, holds: { ...state.holds, [holdId]: { status: 'held', cells, bookingId, expiresAt } } };
    }
    case 'HoldConfirmed': {
      const { holdId, bookingId, cells } = event.data;
      const next = { ...state.cells };
      for (const cell of cells) {
        const current = next[cell];
        next[cell] = { state: 'booked', holdId, bookingId, occupant: current?.occupant ?? {} };
      }
      const hold = state.holds[holdId];
      const holds = hold ? { ...state.holds, [holdId]: { ...hold, status: 'confirmed' as const } } : state.holds;
      return { cells: next, holds };
    }
    case 'HoldReleased': {
      const { holdId, cells } = event.data;
      const hold = state.holds[holdId];
      return {
        cells: withoutCells(state.cells, (c) => c.state === 'held' && c.holdId === holdId, cells),
        holds: hold ? { ...state.holds, [holdId]: { ...hold, status: 'released' } } : state.holds,
      };
    }
    case 'SlotsReserved': {
      const { bookingId, occupant, cells } = event.data;
      const next = { ...state.cells };
      for (const cell of cells) next[cell] = { state: 'booked', bookingId, occupant };
      return { ...state, cells: next };
    }
    case 'BookingReleased': {
      const { bookingId, cells } = event.data;
      return { ...state, cells: withoutCells(state.cells, (c) => c.state === 'booked' && c.bookingId === bookingId, cells) };
    }
  }
}
