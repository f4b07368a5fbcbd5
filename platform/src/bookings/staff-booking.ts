import {
  bookingAggregate,
  bookingStream,
  catalogAggregate,
  catalogStream,
  currentPricesOf,
  DomainError,
  MIN_PAYMENT_LINK_ROUBLES,
  mergeSelection,
  paymentIntentAggregate,
  rangeOfCell,
  STAFF_BOOKING_MESSAGES,
  studioDayAggregate,
  TRANSFER_PAYMENT_PREFIX,
  type BookingCreatedByStaff,
  type Studio,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { releaseCells } from '../workflows/release-cells';

/*
 * A booking staff make outright («Создать бронь» in the back-office): the writes every maker of one
 * shares, command-api's form and the development seed alike, so both leave the same events.
 */

/** The payment intent of a staff booking, derived from the booking so a retry names the same one. */
export const staffBookingIntentId = (bookingId: string): string => uuidFrom(`intent-of-staff-booking:${bookingId}`);

/** The `tr_` id of the one transfer a staff booking is created with. */
export const staffTransferPaymentId = (intentId: string): string => `${TRANSFER_PAYMENT_PREFIX}${uuidFrom(`transfer-of:${intentId}`)}`;

export interface StaffPriceRequest {
  studio: Studio;
  date: string;
  cells: readonly string[];
  technical: boolean;
  payment: BookingCreatedByStaff['payment'];
  /** What staff typed for a link or a transfer, in kopecks; without it the studio's rent is charged. */
  amount?: number | undefined;
}

/**
 * What the booking costs, in kopecks: the amount staff typed for a link or a transfer, otherwise the
 * studio's rent for the range (its latest hour and half-hour prices); a technical booking costs nothing.
 */
export async function staffBookingPrice(commands: CommandHandler, request: StaffPriceRequest): Promise<BookingCreatedByStaff['price']> {
  const { studio, date, cells, technical, payment, amount } = request;
  if (technical) return { lines: [], total: 0 };
  if (payment !== 'none' && amount !== undefined) return { lines: [{ label: 'Сумма, назначенная администратором', amount }], total: amount };
  const { state: catalog } = await commands.read(catalogAggregate, catalogStream(studio));
  const total = mergeSelection(cells.map((cell) => `${date}-${rangeOfCell(cell)}`), currentPricesOf(catalog)).reduce((sum, slot) => sum + slot.price, 0);
  if (payment === 'link' && total < MIN_PAYMENT_LINK_ROUBLES * 100) throw new DomainError('validation', 'amount_below_minimum', STAFF_BOOKING_MESSAGES.minimumAmount, 'amount');
  return { lines: [{ label: 'Аренда зала', amount: total }], total };
}

/**
 * Reserves the booking's cells outright in each day's ledger (no hold, no notice rule: staff book
 * any half hour, past or future), which refuses a taken one, then records the booking as created by
 * staff. A booking already recorded is left as it is (a retry); a refusal of either gives back the
 * cells taken so far.
 */
export async function recordStaffBooking(commands: CommandHandler, booking: BookingCreatedByStaff, context: CommandContext): Promise<void> {
  if ((await commands.read(bookingAggregate, bookingStream(booking.bookingId))).state.booking) return;
  const { studio, bookingId, technical, staffId } = booking;
  const occupant = technical ? {} : { phone: booking.customer.phone };
  try {
    for (const { date, cells } of booking.blocks) {
      await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio, date, cells, bookingId, occupant, technical, adminId: staffId } }, context);
    }
    await commands.handle(bookingAggregate, { type: 'CreateStaffBooking', data: booking }, context);
  } catch (error) {
    await releaseCells(commands, booking, { booked: 'compensation' }, context);
    throw error;
  }
}

/** The payment intent the booking's money goes through (a link's provider payment or a transfer). */
export function openStaffPaymentIntent(commands: CommandHandler, booking: BookingCreatedByStaff, context: CommandContext) {
  const { intentId, bookingId, studio, price, prepayPercent } = booking;
  return commands.handle(paymentIntentAggregate, { type: 'CreatePaymentIntent', data: { intentId, bookingId, studio, total: price.total, prepayPercent } }, context);
}

/**
 * The bank transfer staff record when they create a booking paid that way: the whole price, or half
 * of it (rounded down to the kopeck) for a 50% prepayment, the rest left owed. Recorded on the intent
 * first, then added to the booking; its id is derived from the intent, so a retry records nothing twice.
 */
export async function recordStaffTransfer(commands: CommandHandler, booking: BookingCreatedByStaff, context: CommandContext) {
  const { bookingId, intentId, price, prepayPercent } = booking;
  await openStaffPaymentIntent(commands, booking, context);
  const paymentId = staffTransferPaymentId(intentId);
  const amount = prepayPercent === 50 ? Math.floor(price.total / 2) : price.total;
  const purpose = prepayPercent === 50 ? 'prepayment' : 'full';
  await commands.handle(paymentIntentAggregate, { type: 'RecordTransferPayment', data: { intentId, paymentId, purpose, amount, recordedBy: context.actor ?? 'system:unknown' } }, context);
  const paid = await commands.handle(bookingAggregate, { type: 'RecordBookingPayment', data: { bookingId, paymentId, amount } }, context);
  return { paymentId, amount, position: paid.position };
}
