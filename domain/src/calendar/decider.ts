import { defineAggregate } from '../aggregate';
import { studioDayStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { NOTICE_MINUTES, type Studio } from '../studios';
import { isGridCell, isOpeningCell } from '../time/grid';
import { isIsoDate, tomskInstant } from '../time/tomsk';
import { type Occupant, type StudioDayEvent, studioDayEventSchemas } from './events';
import { phoneDigits } from './ownership';

type DayRef = { studio: Studio; date: string };

/** Who asks for a hold to be released: their browser's visitor key and their account, as far as known. */
export interface HoldRequester {
  visitor?: string | undefined;
  userId?: string | undefined;
}
type ReasonOf<T extends StudioDayEvent['type']> = Extract<StudioDayEvent, { type: T }>['data'] extends { reason: infer R } ? R : never;

type HoldSlotsData = DayRef & {
  cells: string[];
  holdId: string;
  bookingId: string;
  occupant: Occupant;
  /** From the injected clock: the notice rule and the expiry are decided against it. */
  now: Date;
  holdMinutes: number;
};

/** Every command names its day: the command side loads studioDayStream(studio, date) for it. */
export type StudioDayCommand =
  | {
      type: 'HoldSlots';
      data: HoldSlotsData;
    }
  | {
      type: 'HandOverHold';
      /**
       * One hold's cells go to a new hold in one decision, so nobody can take them in between: a
       * waitlist offer passing to the next in line (`expired`), or adopted by its customer's
       * checkout (`handed-over`, `by` that customer). See docs/waitlist.md.
       */
      data: DayRef & { holdId: string; reason: 'expired' | 'cancelled' | 'handed-over'; by?: HoldRequester; next: Omit<HoldSlotsData, 'studio' | 'date' | 'cells'> };
    }
  | { type: 'ConfirmHold'; data: DayRef & { holdId: string; bookingId: string } }
  | {
      type: 'ReleaseHold';
      /**
       * `by` is a caller asking for a hold to go (the booking page): only its holder's browser or
       * account may. Staff and the system (expiry, a failed checkout's compensation) name no one.
       */
      data: DayRef & { holdId: string; reason: ReasonOf<'HoldReleased'>; by?: HoldRequester };
    }
  | {
      type: 'ReserveSlots';
      data: DayRef & { cells: string[]; bookingId: string; occupant: Occupant; technical?: boolean; adminId?: string };
    }
  | {
      type: 'ReleaseBooking';
      /** `cells` narrows the release to part of the booking (a partial move or delete). */
      data: DayRef & { bookingId: string; reason: ReasonOf<'BookingReleased'>; cells?: string[] };
    }
  | {
      type: 'MoveBooking';
      /**
       * Staff move a booking's cells on this day to `cells`, in one decision: the target is taken
       * and the booking's other booked cells of the day are freed. `occupant` names whom the cells
       * taken anew belong to (the day may have none of the booking's cells yet).
       */
      data: DayRef & { bookingId: string; cells: string[]; occupant: Occupant; adminId?: string };
    };

export interface CellState {
  state: 'held' | 'booked';
  bookingId: string;
  holdId?: string;
  /** Only while held. Past it the cell still blocks until HoldReleased (see decideStudioDay below). */
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

export const SLOT_TAKEN_MESSAGE = 'Выбранное время уже занято';
/** docs/booking.md#rules «Transfer»: the target overlaps a booking other than the one moved. */
export const MOVE_TARGET_TAKEN_MESSAGE = 'На выбранном диапазоне уже есть бронирования. Выберите другое окно.';
/** docs/booking.md#rules «Transfer»: the target must fit within the day. */
export const MOVE_OUTSIDE_DAY_MESSAGE = 'Перенос должен укладываться в 00:00–24:00';

function validateDay(date: string, cells: string[], allowed: (cell: string) => boolean, hoursText: string): string[] {
  if (!isIsoDate(date)) throw new DomainError('validation', 'invalid_date', `Некорректная дата «${date}»: нужен формат ГГГГ-ММ-ДД`, 'date');
  if (cells.length === 0) throw new DomainError('validation', 'no_cells', 'Выберите дату и время', 'cells');
  for (const cell of cells) {
    if (!isGridCell(cell)) throw new DomainError('validation', 'invalid_cell', `Время «${cell}» не на получасовой сетке (ЧЧ:00 или ЧЧ:30)`, 'cells');
    if (!allowed(cell)) throw new DomainError('validation', 'outside_opening_hours', `Время ${cell} вне часов работы (${hoursText})`, 'cells');
  }
  if (new Set(cells).size !== cells.length) throw new DomainError('validation', 'duplicate_cell', 'Одно и то же время выбрано дважды', 'cells');
  return [...cells].sort();
}

/**
 * A cell held by a hold that has expired but is not yet released still blocks. The hold-expiry
 * worker owns the release; if the ledger silently freed expired cells, a late payment confirmation
 * and a new hold could both win the same cell, and the calendar would show a cell as free while
 * its HoldReleased event (and the customer notification) never happened.
 */
function refuseOverlap(state: StudioDayState, cells: string[], handedOver?: string): void {
  if (cells.some((cell) => state.cells[cell] && (handedOver === undefined || state.cells[cell].holdId !== handedOver))) throw new DomainError('conflict', 'slot_taken', SLOT_TAKEN_MESSAGE, 'cells');
}

export const HOLD_NOT_YOURS_MESSAGE = 'Снять можно только своё удержание времени';
const holdNotYours = () => new DomainError('forbidden', 'hold_not_yours', HOLD_NOT_YOURS_MESSAGE, 'holdId');

/** The hold's own browser (visitor key) or account; a hold that names neither is nobody's to release early. */
const holdsIt = (occupant: Occupant, by: HoldRequester) =>
  (by.visitor !== undefined && occupant.visitor === by.visitor) || (by.userId !== undefined && occupant.userId === by.userId);

export const bookingNotPaid = () => new DomainError('conflict', 'booking_not_paid', 'Бронирование ожидает оплаты: перенести его можно после оплаты', 'bookingId');

/** Digits-only phone, no empty fields: the shape the events promise. */
function normaliseOccupant(occupant: Occupant): Occupant {
  const userId = occupant.userId?.trim();
  const phone = phoneDigits(occupant.phone);
  return { ...(userId ? { userId } : {}), ...(phone ? { phone } : {}), ...(occupant.visitor ? { visitor: occupant.visitor } : {}) };
}

/** A new hold of `cells` (sorted): the notice rule, the hold's length, and free cells (or the handed-over hold's). */
function newHold(state: StudioDayState, hold: Extract<StudioDayCommand, { type: 'HoldSlots' }>['data'], handedOver?: string): StudioDayEvent {
  const { studio, date, cells, holdId, bookingId, now, holdMinutes } = hold;
  if (cells.some((cell) => tomskInstant(date, cell).getTime() <= now.getTime())) {
    throw new DomainError('validation', 'slot_in_past', 'Выбранное время уже прошло', 'cells');
  }
  const earliest = now.getTime() + NOTICE_MINUTES * 60_000;
  if (cells.some((cell) => tomskInstant(date, cell).getTime() <= earliest)) {
    throw new DomainError('validation', 'notice_too_short', 'Бронировать можно не позднее чем за 2 часа до начала', 'cells');
  }
  if (!Number.isInteger(holdMinutes) || holdMinutes <= 0) {
    throw new DomainError('validation', 'invalid_hold_minutes', 'Срок удержания должен быть положительным числом минут', 'holdMinutes');
  }
  refuseOverlap(state, cells, handedOver);
  const expiresAt = new Date(now.getTime() + holdMinutes * 60_000).toISOString();
  return { type: 'SlotsHeld', data: { studio, date, cells, holdId, bookingId, occupant: normaliseOccupant(hold.occupant), expiresAt } };
}

export function decideStudioDay(command: StudioDayCommand, state: StudioDayState): StudioDayEvent[] {
  switch (command.type) {
    case 'HoldSlots': {
      const cells = validateDay(command.data.date, command.data.cells, isOpeningCell, '10:00–22:00');
      const existing = state.holds[command.data.holdId];
      if (existing) {
        // A retried request with the same hold id is answered by the hold it already made.
        if (existing.status === 'held' && existing.bookingId === command.data.bookingId && existing.cells.join() === cells.join()) return [];
        throw new DomainError('conflict', 'hold_exists', 'Такое удержание уже существует', 'holdId');
      }
      return [newHold(state, { ...command.data, cells })];
    }
    case 'HandOverHold': {
      const { studio, date, holdId, reason, by, next } = command.data;
      const hold = state.holds[holdId];
      const successor = state.holds[next.holdId];
      // A retry after the hand-over went through is answered by it.
      if (hold?.status === 'released' && successor?.status === 'held' && successor.bookingId === next.bookingId && successor.cells.join() === hold.cells.join()) return [];
      if (hold?.status !== 'held') throw new DomainError('conflict', 'hold_released', 'Время удержания истекло, выберите слоты заново', 'holdId');
      if (by && !holdsIt(hold.occupant, by)) throw holdNotYours();
      if (successor) throw new DomainError('conflict', 'hold_exists', 'Такое удержание уже существует', 'holdId');
      const held = newHold(state, { ...next, studio, date, cells: hold.cells }, holdId);
      return [{ type: 'HoldReleased', data: { studio, date, cells: hold.cells, holdId, reason } }, held];
    }
    case 'ConfirmHold': {
      const { studio, date, holdId, bookingId } = command.data;
      const hold = state.holds[holdId];
      if (!hold) throw new DomainError('not_found', 'hold_not_found', 'Удержание времени не найдено', 'holdId');
      if (hold.bookingId !== bookingId) throw new DomainError('conflict', 'hold_booking_mismatch', 'Удержание принадлежит другому бронированию', 'bookingId');
      if (hold.status === 'confirmed') return [];
      if (hold.status === 'released') {
        throw new DomainError('conflict', 'hold_released', 'Время удержания истекло, выберите слоты заново', 'holdId');
      }
      // Confirming after expiresAt is allowed: until HoldReleased the cells are still this hold's.
      return [{ type: 'HoldConfirmed', data: { studio, date, cells: hold.cells, holdId, bookingId } }];
    }
    case 'ReleaseHold': {
      const { studio, date, holdId, reason } = command.data;
      const hold = state.holds[holdId];
      // Unknown, released or already confirmed (the booking owns the cells now): nothing to free.
      if (hold?.status !== 'held') return [];
      if (command.data.by && !holdsIt(hold.occupant, command.data.by)) throw holdNotYours();
      return [{ type: 'HoldReleased', data: { studio, date, cells: hold.cells, holdId, reason } }];
    }
    case 'ReserveSlots': {
      const { studio, date, bookingId, occupant, technical = false, adminId } = command.data;
      const cells = validateDay(date, command.data.cells, isGridCell, '00:00–24:00');
      refuseOverlap(state, cells);
      return [{
        type: 'SlotsReserved',
        data: { studio, date, cells, bookingId, occupant: normaliseOccupant(occupant), technical, ...(adminId ? { adminId } : {}) },
      }];
    }
    case 'ReleaseBooking': {
      const { studio, date, bookingId, reason } = command.data;
      const only = command.data.cells ? new Set(command.data.cells) : undefined;
      const cells = Object.entries(state.cells)
        .filter(([cell, c]) => c.state === 'booked' && c.bookingId === bookingId && (!only || only.has(cell)))
        .map(([cell]) => cell)
        .sort();
      return cells.length === 0 ? [] : [{ type: 'BookingReleased', data: { studio, date, cells, bookingId, reason } }];
    }
    case 'MoveBooking': {
      const { studio, date, bookingId, occupant, adminId } = command.data;
      const target = validateDay(date, command.data.cells, isGridCell, '00:00–24:00');
      const own = Object.entries(state.cells).filter(([, c]) => c.bookingId === bookingId);
      // A hold is the customer's until their payment decides it; only booked cells are staff's to move.
      if (own.some(([, c]) => c.state === 'held')) {
        throw bookingNotPaid();
      }
      if (target.some((cell) => state.cells[cell] && state.cells[cell].bookingId !== bookingId)) {
        throw new DomainError('conflict', 'slot_taken', MOVE_TARGET_TAKEN_MESSAGE, 'cells');
      }
      const ownCells = new Set(own.map(([cell]) => cell));
      const freed = [...ownCells].filter((cell) => !target.includes(cell)).sort();
      const taken = target.filter((cell) => !ownCells.has(cell));
      const technical = own.some(([, c]) => c.technical === true);
      // The cells keep whom they belonged to; a day new to the booking takes the booking's customer.
      const holder = own[0]?.[1].occupant ?? normaliseOccupant(occupant);
      return [
        ...(freed.length > 0 ? [{ type: 'BookingReleased' as const, data: { studio, date, cells: freed, bookingId, reason: 'moved' as const } }] : []),
        ...(taken.length > 0
          ? [{ type: 'SlotsReserved' as const, data: { studio, date, cells: taken, bookingId, occupant: holder, technical, ...(adminId ? { adminId } : {}) } }]
          : []),
      ];
    }
  }
}

/** The ledger of one studio's half-hour cells for one day: stream studioDayStream(studio, date). */
export const studioDayAggregate = defineAggregate({
  name: 'studio-day',
  initialState: initialStudioDayState,
  decide: decideStudioDay,
  evolve: evolveStudioDay,
  events: studioDayEventSchemas,
  streamOf: (command) => studioDayStream(command.data.studio, command.data.date),
});

export const studioDayDecider = studioDayAggregate.decider;
