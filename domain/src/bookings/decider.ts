import { defineAggregate } from '../aggregate';
import { STAFF_BOOKING_MESSAGES } from '../contracts/http/admin-create-booking';
import { bookingStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { formatRoubles, kopecksToRoubles } from '../pricing/money';
import { cancelQuote, rescheduleAllowance, rescheduleSettlement, type ChangeFacts } from '../change-policy/quote';
import { DEFAULT_CHANGE_POLICIES, type VersionedChangePolicy } from '../change-policy/terms';
import { bookingStartsAt } from './cancellation';
import { bookingEventSchemas, type BookingCreatedByStaff, type BookingEvent, type BookingPlaced } from './events';

/** Stream bookingStream(bookingId). Money is integer kopecks. */
export type BookingCommand =
  | { type: 'PlaceBooking'; data: BookingPlaced }
  | { type: 'CreateStaffBooking'; data: BookingCreatedByStaff }
  | { type: 'ConfirmBooking'; data: { bookingId: string; paymentId: string; paid: number } }
  | { type: 'RecordBookingPayment'; data: Extract<BookingEvent, { type: 'BookingPaymentRecorded' }>['data'] }
  | { type: 'CancelBooking'; data: CancelBookingData }
  | { type: 'CompleteBooking'; data: { bookingId: string } }
  | { type: 'AddBookingNote'; data: DataOf<'BookingNoteAdded'> }
  | { type: 'MoveBooking'; data: Omit<DataOf<'BookingMoved'>, 'from'> }
  | { type: 'RequestReschedule'; data: RequestRescheduleData }
  | { type: 'CompleteReschedule'; data: { bookingId: string; holdId: string } }
  | { type: 'LapseReschedule'; data: DataOf<'BookingRescheduleLapsed'> };
type DataOf<T extends BookingEvent['type']> = Extract<BookingEvent, { type: T }>['data'];

type Canceled = DataOf<'BookingCanceled'>;

/**
 * A customer's cancellation carries who asked and when (the notice rule is decided against the
 * injected clock); the others are the system's or staff's and are not held to it.
 */
export type CancelBookingData =
  | {
      bookingId: string;
      reason: 'customer';
      requestedBy: string;
      now: Date;
      /** Net kopecks paid (the intent's succeeded payments less their refunds): what the policy divides. */
      paid: number;
      /** The refund the customer was shown, kopecks: a different quote now is refused rather than surprising them. */
      expectedRefund?: number;
    }
  | { bookingId: string; reason: Exclude<Canceled['reason'], 'customer'>; requestedBy?: string };

/**
 * A customer's move (docs/change-policy.md): the cells of `to` are already held under `holdId`;
 * the decider checks the policy, prices the difference against `paid` (net kopecks) and `now`.
 */
export interface RequestRescheduleData {
  bookingId: string;
  holdId: string;
  to: { date: string; cells: string[] };
  price: DataOf<'BookingRescheduleRequested'>['price'];
  paid: number;
  now: Date;
  expiresAt: string;
  /** The provider payment of the charge, when there is one to pay (asked for before this is recorded). */
  paymentId?: string;
  requestedBy: string;
}

export type PendingReschedule = DataOf<'BookingRescheduleRequested'>;

export type BookingStatus = 'pending' | 'confirmed' | 'canceled' | 'completed';

/**
 * A booking as the processes that follow it need it, placed by a customer or created by staff: a
 * staff booking's days carry no hold (its cells were reserved outright) and no services.
 */
export interface BookingRecord extends Omit<BookingPlaced, 'blocks'> {
  blocks: { date: string; cells: string[]; holdId?: string }[];
  createdBy: 'customer' | 'staff';
}

/** The policy a booking follows: its snapshot at placement, else its studio's version 1. */
export const bookingPolicy = (booking: Pick<BookingRecord, 'studio' | 'changePolicy'>): VersionedChangePolicy => booking.changePolicy ?? DEFAULT_CHANGE_POLICIES[booking.studio];

/** What the change policy needs of a booking now; `paid` is net of refunds (the intent knows it). */
export function changeFactsOf(state: BookingState, paid: number): ChangeFacts {
  const { booking } = state;
  if (!booking) throw notFound();
  return { status: state.status!, dates: booking.blocks.length, startsAt: bookingStartsAt(booking.blocks), price: booking.price.total, paid, reschedules: state.reschedules };
}

export interface BookingState {
  /** Null until placed. */
  booking: BookingRecord | null;
  status: BookingStatus | null;
  paid: number;
  /** The payments counted in `paid`, so a payment reported twice is counted once. */
  paymentIds: string[];
  /** The customer's completed moves, counted against the policy's max_reschedules. */
  reschedules: number;
  /** A move whose new cells are held, waiting for its difference to be paid. */
  pendingReschedule: PendingReschedule | null;
}

function staffBookingRecord(data: BookingCreatedByStaff): BookingRecord {
  const { bookingId, intentId, studio, customer, blocks, peopleCount, photographer, price, prepayPercent } = data;
  return {
    bookingId,
    intentId,
    studio,
    customer: { name: customer.name, phone: customer.phone, email: customer.email ?? '', comment: customer.comment },
    blocks,
    format: photographer ? { kind: 'with_photographer', photographerId: photographer.id, photographerName: photographer.name, peopleCount } : { kind: 'self', peopleCount },
    services: [],
    price,
    prepayPercent,
    createdBy: 'staff',
  };
}

const notFound = () => new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
/** docs/booking.md#rules: «Note cannot be empty». */
export const EMPTY_NOTE_MESSAGE = 'Заметка не может быть пустой';

const sameCells = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function decideBooking(command: BookingCommand, state: BookingState): BookingEvent[] {
  const { booking, status } = state;
  switch (command.type) {
    case 'PlaceBooking': {
      if (booking) {
        // A retried checkout (same idempotency key, so the same intent) is answered by the first one.
        if (booking.intentId === command.data.intentId) return [];
        throw new DomainError('conflict', 'booking_exists', 'Такое бронирование уже существует', 'bookingId');
      }
      const days = command.data.blocks.map((block) => block.date);
      if (new Set(days).size !== days.length) throw new DomainError('validation', 'duplicate_day', 'Один и тот же день выбран дважды', 'timeSlots');
      if (command.data.format.kind === 'with_photographer' && !command.data.format.photographerId) {
        throw new DomainError('validation', 'photographer_required', 'Выберите фотографа', 'format');
      }
      return [{ type: 'BookingPlaced', data: command.data }];
    }
    case 'CreateStaffBooking': {
      if (booking) {
        if (booking.intentId === command.data.intentId) return [];
        throw new DomainError('conflict', 'booking_exists', 'Такое бронирование уже существует', 'bookingId');
      }
      const { blocks, technical, customer, payment, price, prepayPercent, emailConfirmation } = command.data;
      const days = blocks.map((block) => block.date);
      if (new Set(days).size !== days.length) throw new DomainError('validation', 'duplicate_day', 'Один и тот же день выбран дважды', 'date');
      if (technical && (payment !== 'none' || emailConfirmation)) {
        throw new DomainError('validation', 'technical_has_no_customer', 'Техническая бронь не оплачивается и не отправляет писем', 'isTechnical');
      }
      if (!technical && !customer.phone) throw new DomainError('validation', 'phone_required', STAFF_BOOKING_MESSAGES.phoneRequired, 'phone');
      if (payment !== 'none' && price.total <= 0) throw new DomainError('validation', 'nothing_to_pay', 'Сумма к оплате должна быть больше нуля', 'amount');
      if (prepayPercent === 50 && payment !== 'transfer') {
        throw new DomainError('validation', 'prepay_needs_transfer', 'Предоплата 50% записывается только для оплаты переводом', 'transferPaymentMode');
      }
      return [{ type: 'BookingCreatedByStaff', data: command.data }];
    }
    case 'ConfirmBooking': {
      if (!booking) throw notFound();
      // A staff booking is firm from the start; its payments are recorded, never confirmed.
      if (booking.createdBy === 'staff') throw new DomainError('conflict', 'staff_booking', 'Бронь администратора не ждёт подтверждения оплатой', 'bookingId');
      if (status === 'confirmed' || status === 'completed') return [];
      // The payment arrived after the booking was given up: its cells may be someone else's now.
      if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
      return [{ type: 'BookingConfirmed', data: command.data }];
    }
    case 'RecordBookingPayment': {
      if (!booking) throw notFound();
      if (state.paymentIds.includes(command.data.paymentId)) return [];
      // Money for a booking given up is the refund's business, not the booking's.
      if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
      if (status === 'pending') throw new DomainError('conflict', 'booking_not_confirmed', 'Бронирование ещё не подтверждено первым платежом', 'bookingId');
      return [{ type: 'BookingPaymentRecorded', data: command.data }];
    }
    case 'CancelBooking': {
      if (!booking) throw notFound();
      if (status === 'canceled') return [];
      if (status === 'completed') throw new DomainError('conflict', 'booking_completed', 'Бронирование уже завершено', 'bookingId');
      const { bookingId, reason, requestedBy } = command.data;
      if (command.data.reason === 'customer') {
        const policy = bookingPolicy(booking);
        const quote = cancelQuote(policy, changeFactsOf(state, command.data.paid), command.data.now);
        if (!quote.allowed) throw new DomainError('conflict', 'cancel_refused', quote.reason!, 'bookingId');
        const { expectedRefund } = command.data;
        if (expectedRefund !== undefined && expectedRefund !== quote.refund) {
          throw new DomainError('conflict', 'refund_changed', `Сумма возврата изменилась: ${formatRoubles(kopecksToRoubles(quote.refund))}. Проверьте и отмените ещё раз`, 'expected_refund', {
            refund: kopecksToRoubles(quote.refund),
            kept: kopecksToRoubles(quote.kept),
          });
        }
        return [{ type: 'BookingCanceled', data: { bookingId, reason, requestedBy: command.data.requestedBy, refund: quote.refund, kept: quote.kept, policyVersion: policy.version } }];
      }
      return [{ type: 'BookingCanceled', data: { bookingId, reason, ...(requestedBy ? { requestedBy } : {}) } }];
    }
    case 'CompleteBooking': {
      if (!booking) throw notFound();
      if (status === 'completed') return [];
      if (status !== 'confirmed') throw new DomainError('conflict', 'booking_not_confirmed', 'Завершить можно только подтверждённое бронирование', 'bookingId');
      return [{ type: 'BookingCompleted', data: command.data }];
    }
    case 'AddBookingNote': {
      if (!booking) throw notFound();
      const text = command.data.text.trim();
      if (!text) throw new DomainError('validation', 'note_empty', EMPTY_NOTE_MESSAGE, 'note');
      return [{ type: 'BookingNoteAdded', data: { ...command.data, text } }];
    }
    case 'MoveBooking': {
      if (!booking) throw notFound();
      if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
      if (status === 'completed') throw new DomainError('conflict', 'booking_completed', 'Бронирование уже завершено', 'bookingId');
      const { to } = command.data;
      const [only] = booking.blocks;
      if (booking.blocks.length === 1 && only!.date === to.date && sameCells(only!.cells, to.cells)) return [];
      const from = booking.blocks.map(({ date, cells }) => ({ date, cells }));
      return [{ type: 'BookingMoved', data: { ...command.data, to: { date: to.date, cells: [...to.cells].sort() }, from } }];
    }
    case 'RequestReschedule': {
      if (!booking) throw notFound();
      const { bookingId, holdId, to, price, paid, now, expiresAt, paymentId, requestedBy } = command.data;
      if (state.pendingReschedule?.holdId === holdId) return [];
      const policy = bookingPolicy(booking);
      const allowance = rescheduleAllowance(policy, changeFactsOf(state, paid), now);
      if (!allowance.allowed) throw new DomainError('conflict', 'reschedule_refused', allowance.reason!, 'bookingId');
      const [only] = booking.blocks;
      if (only!.date === to.date && sameCells(only!.cells, to.cells)) throw new DomainError('validation', 'same_time', 'Бронирование уже на этом времени', 'time_start');
      const { charge, refund } = rescheduleSettlement({ oldPrice: booking.price.total, paid, newPrice: price.total });
      if (charge > 0 && !paymentId) throw new Error(`A reschedule of booking ${bookingId} that costs ${charge} kopecks more came without its payment`);
      const replaced = state.pendingReschedule ? [{ type: 'BookingRescheduleLapsed' as const, data: { bookingId, holdId: state.pendingReschedule.holdId, reason: 'replaced' as const } }] : [];
      return [
        ...replaced,
        {
          type: 'BookingRescheduleRequested',
          data: { bookingId, holdId, to: { date: to.date, cells: [...to.cells].sort() }, price, charge, refund, ...(charge > 0 ? { paymentId: paymentId! } : {}), expiresAt, policyVersion: policy.version, requestedBy },
        },
      ];
    }
    case 'CompleteReschedule': {
      if (!booking) throw notFound();
      const pending = state.pendingReschedule;
      if (pending?.holdId !== command.data.holdId) {
        throw new DomainError('conflict', 'reschedule_not_pending', 'Перенос не ожидает завершения', 'holdId');
      }
      if (status === 'canceled') throw new DomainError('conflict', 'booking_canceled', 'Бронирование уже отменено', 'bookingId');
      const [only] = booking.blocks;
      const { holdId, to, price, charge, refund, paymentId, policyVersion, requestedBy } = pending;
      return [{
        type: 'BookingRescheduled',
        data: { bookingId: pending.bookingId, holdId, from: { date: only!.date, cells: only!.cells }, to, previousTotal: booking.price.total, price, charge, refund, ...(paymentId ? { paymentId } : {}), policyVersion, requestedBy },
      }];
    }
    case 'LapseReschedule': {
      if (!booking) throw notFound();
      if (state.pendingReschedule?.holdId !== command.data.holdId) return [];
      return [{ type: 'BookingRescheduleLapsed', data: command.data }];
    }
  }
}

/**
 * The booking's one block after a move. A customer's block names the hold that kept its cells until
 * payment; the moved cells were reserved by staff, not held, so the block keeps the hold id its day
 * had (or the first day's), if any: releasing a hold a day never had frees nothing there.
 */
function movedBlock(blocks: BookingRecord['blocks'], to: DataOf<'BookingMoved'>['to']): BookingRecord['blocks'][number] {
  const holdId = (blocks.find((block) => block.date === to.date) ?? blocks[0]!).holdId;
  return { date: to.date, cells: to.cells, ...(holdId ? { holdId } : {}) };
}

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingPlaced':
      return { booking: { ...event.data, createdBy: 'customer' }, status: 'pending', paid: 0, paymentIds: [], reschedules: 0, pendingReschedule: null };
    case 'BookingCreatedByStaff':
      return { booking: staffBookingRecord(event.data), status: 'confirmed', paid: 0, paymentIds: [], reschedules: 0, pendingReschedule: null };
    case 'BookingConfirmed':
      return { ...state, status: 'confirmed', paid: state.paid + event.data.paid, paymentIds: [...state.paymentIds, event.data.paymentId] };
    case 'BookingPaymentRecorded':
      return { ...state, paid: state.paid + event.data.amount, paymentIds: [...state.paymentIds, event.data.paymentId] };
    case 'BookingCanceled':
      return { ...state, status: 'canceled' };
    case 'BookingCompleted':
      return { ...state, status: 'completed' };
    case 'BookingNoteAdded':
      return state;
    case 'BookingMoved':
      return state.booking ? { ...state, booking: { ...state.booking, blocks: [movedBlock(state.booking.blocks, event.data.to)] } } : state;
    case 'BookingRescheduleRequested':
      return { ...state, pendingReschedule: event.data };
    case 'BookingRescheduleLapsed':
      return state.pendingReschedule?.holdId === event.data.holdId ? { ...state, pendingReschedule: null } : state;
    case 'BookingRescheduled': {
      if (!state.booking) return state;
      const { to, holdId, price, charge, paymentId } = event.data;
      return {
        ...state,
        booking: { ...state.booking, blocks: [{ date: to.date, cells: to.cells, holdId }], price },
        paid: state.paid + charge,
        paymentIds: paymentId ? [...state.paymentIds, paymentId] : state.paymentIds,
        reschedules: state.reschedules + 1,
        pendingReschedule: null,
      };
    }
  }
}

export const bookingAggregate = defineAggregate({
  name: 'booking',
  initialState: (): BookingState => ({ booking: null, status: null, paid: 0, paymentIds: [], reschedules: 0, pendingReschedule: null }),
  decide: decideBooking,
  evolve: evolveBooking,
  events: bookingEventSchemas,
  streamOf: (command) => bookingStream(command.data.bookingId),
});

export const bookingDecider = bookingAggregate.decider;
