import { randomUUID } from 'node:crypto';
import {
  bookingAggregate,
  bookingPolicy,
  bookingStream,
  catalogAggregate,
  catalogStream,
  changeFactsOf,
  checkCustomerBookingDates,
  DomainError,
  isDomainError,
  paymentIntentAggregate,
  paymentIntentStream,
  PHOTOGRAPHERS_STREAM,
  photographersAggregate,
  quoteCheckout,
  rescheduleAllowance,
  rescheduleSettlement,
  formatRoubles,
  kopecksToRoubles,
  russianDate,
  STUDIO_NAMES,
  studioDayAggregate,
  studioDayStream,
  tomskToday,
  type BookingEvent,
  type BookingState,
  type Clock,
  type RefundReason,
  type Studio,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { PaymentProviderError, type PaymentProvider } from '../payments/payment-provider';
import { refundAmount } from './refund-payment';
import { bookingReceipt } from './booking-receipt';
import { netPaid } from './change-policy';
import { requireOwnBooking, type SignedInCustomer } from './customer-bookings';
import { placeHold, type HoldExpiry } from './hold';
import { equipmentNeeds, giveBackResources, photographerNeed, refuseBusyResources, takeResources, type ResourceClaim, type TakenTime } from './resource-time';
import type { PaymentDeps } from './payment-deps';

/** What a customer's reschedule needs: the provider for a dearer time, and the holds' clock, length and expiry (as a checkout's). */
export interface RescheduleDeps extends PaymentDeps {
  clock: Clock;
  holdExpiry: HoldExpiry;
  holdMinutes: number;
}

/** The refusals the issue answers 409, even where a checkout's hold says 400: the customer picked a time that cannot be had. */
const TIME_REFUSALS = new Set(['outside_opening_hours', 'slot_in_past', 'notice_too_short', 'slot_taken']);

/** A refusal of the new time as a 409 naming the range. */
function asTimeConflict(error: unknown): unknown {
  if (!isDomainError(error) || !TIME_REFUSALS.has(error.code)) return error;
  return new DomainError('conflict', error.code, error.message, 'time_start');
}

/** The cells of `to` the booking does not have yet: on its own date, those it keeps need no hold. */
const freshCells = (state: BookingState, to: { date: string; cells: string[] }) => {
  const own = state.booking!.blocks.find((block) => block.date === to.date)?.cells ?? [];
  return to.cells.filter((cell) => !own.includes(cell));
};

/**
 * What moving the booking to `range` would cost now, nothing held (POST
 * /api/bookings/{id}/reschedule/quote, and the first step of the move itself): the owner's
 * booking, its policy allowing a move, the new range priced as a new booking at today's prices
 * and rules (same format, photographer and services, no promo) and the settlement against what was paid.
 */
export async function quoteOwnReschedule(deps: Omit<RescheduleDeps, 'payments' | 'siteUrl' | 'holdExpiry'>, customer: SignedInCustomer, bookingId: string, range: RescheduleRange) {
  const { commands } = deps;
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  const booking = state.booking;
  if (!booking) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
  requireOwnBooking(customer, booking.customer);
  const { state: intent } = await commands.read(paymentIntentAggregate, paymentIntentStream(booking.intentId));
  const paid = netPaid(intent);
  const now = deps.clock.now();
  // The policy first, so a move it refuses touches no cell.
  const allowance = rescheduleAllowance(bookingPolicy(booking), changeFactsOf(state, paid), now);
  if (!allowance.allowed) throw new DomainError('conflict', 'reschedule_refused', allowance.reason!, 'bookingId');

  const today = tomskToday(now);
  checkCustomerBookingDates([range.date], today);
  const [{ state: catalog }, { state: photographers }] = await Promise.all([
    commands.read(catalogAggregate, catalogStream(booking.studio)),
    commands.read(photographersAggregate, PHOTOGRAPHERS_STREAM),
  ]);
  const { kind, photographerId, peopleCount } = booking.format;
  const quote = quoteCheckout(
    {
      studio: booking.studio,
      timeSlots: [{ date: range.date, time: `${range.timeStart}-${range.timeEnd}` }],
      format: { kind, peopleCount, ...(photographerId ? { photographerId } : {}) },
      serviceIds: booking.services.map((service) => service.serviceId),
      promo: null,
    },
    catalog,
    photographers,
    today,
  );
  const to = quote.days[0]!;
  return { state, paid, now, to, price: quote.price, ...rescheduleSettlement({ oldPrice: booking.price.total, paid, newPrice: quote.price.total }) };
}

/** The new range of a move: one date, from its first cell's start to its last one's end. */
export interface RescheduleRange {
  date: string;
  timeStart: string;
  timeEnd: string;
}

/**
 * A customer moves their booking (POST /api/bookings/{id}/reschedule, docs/change-policy.md),
 * priced as quoteOwnReschedule says; a difference other than `expectedDifference` (kopecks, what
 * the customer was shown) is refused. The new cells are held first, so the booking never has
 * neither time, and two customers moving into one free hour meet in that day's ledger, where
 * exactly one hold wins. Even or cheaper: the hold is confirmed, the old cells freed and the move
 * recorded at once (a process refunds the difference). Dearer: the difference is a provider
 * payment on the same intent; the move completes when it is paid (settlePayment), and if the hold
 * lapses first the booking keeps its old time and the payment, if it still comes, is refunded.
 */
export async function rescheduleOwnBooking(deps: RescheduleDeps, customer: SignedInCustomer, bookingId: string, range: RescheduleRange, context: CommandContext, expectedDifference?: number) {
  const { commands } = deps;
  const { state, paid, now, to, price, charge, refund } = await quoteOwnReschedule(deps, customer, bookingId, range);
  const booking = state.booking!;
  const { studio } = booking;
  if (expectedDifference !== undefined && expectedDifference !== charge - refund) {
    const difference = kopecksToRoubles(charge - refund);
    throw new DomainError('conflict', 'difference_changed', `Разница в цене изменилась: ${formatRoubles(difference)}. Проверьте и подтвердите ещё раз`, 'expected_difference', { difference });
  }

  const holdId = randomUUID();
  const fresh = freshCells(state, to);
  const occupant = { phone: booking.customer.phone, ...(booking.customer.userId ? { userId: booking.customer.userId } : {}) };
  const expiresAt = new Date(now.getTime() + deps.holdMinutes * 60_000).toISOString();
  // The photographer and shared equipment move with the hall (docs/photographers.md): refused before
  // anything is held, taken at the new time with the new cells; the old hours follow the hall's release.
  const needs = [...photographerNeed(booking.format), ...(await equipmentNeeds(commands, booking.services.map((service) => service.serviceId)))];
  const claim: ResourceClaim = { studio, bookingId, days: [to], needs };
  await refuseBusyResources(commands, claim);
  if (fresh.length > 0) {
    await placeHold(deps, { studio, date: to.date, cells: fresh, holdId, bookingId, occupant, now, holdMinutes: deps.holdMinutes }, context).catch((error: unknown) => {
      throw asTimeConflict(error);
    });
  }
  const releaseHold = () => commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date: to.date, holdId, reason: 'compensation' } }, context);
  let requested = false;
  let taken: TakenTime[] = [];
  try {
    taken = await takeResources(commands, claim, context);
    const payment = charge > 0 ? await takeDifference(deps, state, { holdId, amount: charge, to }) : null;
    const asked = await commands.handle(
      bookingAggregate,
      {
        type: 'RequestReschedule',
        data: { bookingId, holdId, to, price, paid, now, expiresAt, requestedBy: context.actor ?? `customer:${customer.id}`, ...(payment ? { paymentId: payment.id } : {}) },
      },
      context,
    );
    requested = true;
    await releaseReplaced(commands, state, asked.events, context);
    if (payment) {
      const recorded = await commands.handle(
        paymentIntentAggregate,
        { type: 'RecordProviderPayment', data: { intentId: booking.intentId, paymentId: payment.id, purpose: 'difference', amount: charge, confirmationUrl: payment.confirmationUrl } },
        context,
      );
      return { difference: charge, confirmationUrl: payment.confirmationUrl, position: recorded.position };
    }
    const done = await completeReschedule(commands, bookingId, holdId, context);
    if (!done) throw new Error(`The reschedule ${holdId} of booking ${bookingId} lapsed as it was completed`);
    return { difference: -refund, confirmationUrl: null, position: done.position };
  } catch (error) {
    // Never both times and never neither: the new hold goes back, the booking keeps its old cells.
    await releaseHold().catch((failure: unknown) => console.error(`[command-api] could not release hold ${holdId} of a failed reschedule`, failure));
    await giveBackResources(commands, bookingId, taken, context).catch((failure: unknown) => console.error(`[command-api] could not give back the new hours of a failed reschedule ${holdId}`, failure));
    if (requested) {
      await commands
        .handle(bookingAggregate, { type: 'LapseReschedule', data: { bookingId, holdId, reason: 'failed' } }, context)
        .catch((failure: unknown) => console.error(`[command-api] could not record the failed reschedule ${holdId} of booking ${bookingId}`, failure));
    }
    if (error instanceof PaymentProviderError) {
      console.error(`[command-api] the payment provider refused the difference of booking ${bookingId}: ${error.code} ${error.description}`);
      throw new DomainError('unavailable', 'payment_unavailable', 'Не удалось создать доплату. Попробуйте ещё раз через минуту', 'payment');
    }
    throw error;
  }
}

/** The provider payment of a dearer move's difference, on the booking's own intent; keyed by the hold, so a retry takes the same one. */
async function takeDifference(deps: RescheduleDeps, state: BookingState, { holdId, amount, to }: { holdId: string; amount: number; to: { date: string; cells: string[] } }) {
  const { intentId, bookingId, studio, customer } = state.booking!;
  const payment = await deps.payments.createPayment({
    amountKopecks: amount,
    description: `Доплата за перенос бронирования студии «${STUDIO_NAMES[studio]}» на ${russianDate(to.date)}`.slice(0, 128),
    returnUrl: `${deps.siteUrl}/payment/success?intent=${intentId}`,
    metadata: { intentId, bookingId, purpose: 'difference', holdId },
    capture: true,
    // The hold is the move's own (a fresh uuid), and the key must stay within the provider's 64 characters.
    idempotenceKey: `difference:${holdId}`,
    ...(deps.receipts ? { receipt: bookingReceipt({ studio, email: customer.email, blocks: [to] }, amount, deps.receipts) } : {}),
  });
  const confirmationUrl = payment.confirmation?.confirmation_url;
  if (!confirmationUrl) throw new Error(`Provider payment ${payment.id} for a reschedule of booking ${bookingId} came without a confirmation URL`);
  return { id: payment.id, confirmationUrl };
}

/** A request that replaced a move still waiting for its difference gives that move's hold back. */
async function releaseReplaced(commands: CommandHandler, state: BookingState, events: readonly { type: string }[], context: CommandContext) {
  const replaced = state.pendingReschedule;
  if (!replaced || !events.some((event) => event.type === 'BookingRescheduleLapsed')) return;
  await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio: state.booking!.studio, date: replaced.to.date, holdId: replaced.holdId, reason: 'cancelled' } }, context);
}

/**
 * Completes a requested move: its hold becomes booked cells, the old cells not in the new range are
 * freed, and the move is recorded. Null when the hold was released first (it lapsed): the move is
 * recorded as lapsed and the booking keeps its old time. A repeat after the move finds nothing pending.
 */
export async function completeReschedule(commands: CommandHandler, bookingId: string, holdId: string, context: CommandContext) {
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  const pending = state.pendingReschedule;
  if (!state.booking || pending?.holdId !== holdId) return null;
  const { studio } = state.booking;
  const { to } = pending;
  const { state: day } = await commands.read(studioDayAggregate, studioDayStream(studio, to.date));
  if (day.holds[holdId]) {
    try {
      await commands.handle(studioDayAggregate, { type: 'ConfirmHold', data: { studio, date: to.date, holdId, bookingId } }, context);
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'hold_released') throw error;
      await commands.handle(bookingAggregate, { type: 'LapseReschedule', data: { bookingId, holdId, reason: 'hold_expired' } }, context);
      return null;
    }
  }
  const [old] = state.booking.blocks;
  const freed = old!.cells.filter((cell) => old!.date !== to.date || !to.cells.includes(cell));
  if (freed.length > 0) await commands.handle(studioDayAggregate, { type: 'ReleaseBooking', data: { studio, date: old!.date, bookingId, reason: 'moved', cells: freed } }, context);
  return commands.handle(bookingAggregate, { type: 'CompleteReschedule', data: { bookingId, holdId } }, context);
}

/**
 * The outcome of a move's difference payment: paid, the move it pays for completes (its hold
 * becomes booked, the old cells go); declined, that move lapses and its hold goes back. A payment
 * that comes for a move no longer pending (its hold lapsed, another move replaced it, the booking
 * was cancelled) is refunded whole: the booking kept its old time.
 */
export async function settleRescheduleDifference(
  commands: CommandHandler,
  state: BookingState,
  { paymentId, status, refundWhole }: { paymentId: string; status: 'succeeded' | 'canceled'; refundWhole: (reason: RefundReason) => Promise<unknown> },
  context: CommandContext,
) {
  const { bookingId, studio } = state.booking!;
  const pending = state.pendingReschedule;
  const forThis = pending?.paymentId === paymentId ? pending : null;
  if (status === 'canceled') {
    if (!forThis) return;
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date: forThis.to.date, holdId: forThis.holdId, reason: 'cancelled' } }, context);
    await commands.handle(bookingAggregate, { type: 'LapseReschedule', data: { bookingId, holdId: forThis.holdId, reason: 'payment_canceled' } }, context);
    return;
  }
  const done = forThis && state.status === 'confirmed' ? await completeReschedule(commands, bookingId, forThis.holdId, context) : null;
  if (!done) await refundWhole(state.status === 'canceled' ? 'booking_canceled' : 'hold_expired');
}

/** The refund of a move to a cheaper time: one per move (its hold id), so handling it again asks for the same refunds. */
export const rescheduleRefundId = (holdId: string, paymentId: string) => `move:${holdId.slice(0, 18)}:${paymentId.slice(-32)}`;

/**
 * What a completed move settles after it is recorded (the booking-reschedule process): the intent
 * is to collect the new price in all, and a cheaper move gives back what was paid above it.
 */
export async function settleReschedule(commands: CommandHandler, payments: PaymentProvider | undefined, moved: Extract<BookingEvent, { type: 'BookingRescheduled' }>['data'], context: CommandContext) {
  const { state } = await commands.read(bookingAggregate, bookingStream(moved.bookingId));
  if (!state.booking) throw new Error(`Booking ${moved.bookingId} was rescheduled but never placed`);
  const { intentId } = state.booking;
  await commands.handle(paymentIntentAggregate, { type: 'RepriceIntent', data: { intentId, total: moved.price.total } }, context);
  if (moved.refund > 0) {
    await refundAmount(commands, payments, { intentId, amount: moved.refund, reason: 'rescheduled', refundIdOf: (paymentId) => rescheduleRefundId(moved.holdId, paymentId) }, context);
  }
}

/** A hold released while a move waited on it (it expired unpaid): the move lapses and the booking keeps its old time. */
export async function lapseRescheduleOfHold(commands: CommandHandler, released: { studio: Studio; date: string; holdId: string }, context: CommandContext) {
  const { state: day } = await commands.read(studioDayAggregate, studioDayStream(released.studio, released.date));
  const bookingId = day.holds[released.holdId]?.bookingId;
  if (!bookingId) return;
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (state.pendingReschedule?.holdId !== released.holdId) return;
  await commands.handle(bookingAggregate, { type: 'LapseReschedule', data: { bookingId, holdId: released.holdId, reason: 'hold_expired' } }, context);
}
