import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  bookingAggregate,
  bookingStream,
  catalogAggregate,
  catalogStream,
  cellsOfRange,
  contiguousRanges,
  currentPricesOf,
  DomainError,
  kopecksToRoubles,
  MIN_PAYMENT_LINK_ROUBLES,
  mergeSelection,
  paymentIntentAggregate,
  PHOTOGRAPHERS_STREAM,
  photographersAggregate,
  rangeOfCell,
  roublesToKopecks,
  russianDate,
  STAFF_BOOKING_MESSAGES,
  STUDIO_NAMES,
  studioDayAggregate,
  TRANSFER_PAYMENT_PREFIX,
  type BookingCreatedByStaff,
  type StaffBookingPayment,
  type staffCreateBookingRequestSchema,
  type Studio,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { PaymentProviderError } from '../payments/payment-provider';
import { bookingReceipt } from './booking-receipt';
import type { PaymentDeps } from './payment-deps';
import { releaseCells } from './release-cells';
import { giveBackResources, photographerNeed, refuseBusyResources, takeResources, type ResourceClaim, type TakenTime } from './resource-time';

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

/** The photographer's hours a staff booking takes with its cells (docs/photographers.md), if it names one. */
const claimOf = (booking: BookingCreatedByStaff): ResourceClaim => ({
  studio: booking.studio,
  bookingId: booking.bookingId,
  days: booking.blocks,
  needs: booking.photographer ? photographerNeed({ photographerId: booking.photographer.id }) : [],
});

/**
 * Reserves the booking's cells outright in each day's ledger (no hold, no notice rule: staff book
 * any half hour, past or future), which refuses a taken one, takes its photographer's hours, which
 * refuses a busy one (docs/photographers.md), then records the booking as created by staff. A
 * photographer busy or off duty as things stand is refused before anything is written. A booking
 * already recorded is left as it is (a retry); a refusal of any step gives back what was taken so far.
 */
export async function recordStaffBooking(commands: CommandHandler, booking: BookingCreatedByStaff, context: CommandContext): Promise<void> {
  if ((await commands.read(bookingAggregate, bookingStream(booking.bookingId))).state.booking) return;
  const { studio, bookingId, technical, staffId } = booking;
  const occupant = technical ? {} : { phone: booking.customer.phone };
  const claim = claimOf(booking);
  await refuseBusyResources(commands, claim);
  let taken: TakenTime[] = [];
  try {
    for (const { date, cells } of booking.blocks) {
      await commands.handle(studioDayAggregate, { type: 'ReserveSlots', data: { studio, date, cells, bookingId, occupant, technical, adminId: staffId } }, context);
    }
    taken = await takeResources(commands, claim, context);
    await commands.handle(bookingAggregate, { type: 'CreateStaffBooking', data: booking }, context);
  } catch (error) {
    await giveBackResources(commands, bookingId, taken, context);
    await releaseCells(commands, booking, { booked: 'compensation' }, context);
    throw error;
  }
}

/** The photographer the form named, as the booking records them; an unknown one is refused at the field. */
async function photographerOf(commands: CommandHandler, id: string | undefined): Promise<BookingCreatedByStaff['photographer']> {
  if (!id) return undefined;
  const photographer = (await commands.read(photographersAggregate, PHOTOGRAPHERS_STREAM)).state.photographers[id];
  if (!photographer) throw new DomainError('validation', 'photographer_not_found', 'Фотограф не найден, выберите другого', 'photographer_id');
  return { id, name: photographer.name };
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

type Request = z.output<typeof staffCreateBookingRequestSchema>;
type Payment = BookingCreatedByStaff['payment'];

/** A mask's digits as the customer's phone: 8… and a bare 10-digit number are Russian numbers, stored as 7…. */
function phoneOf(typed: string | undefined): string {
  const digits = (typed ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

/** The spec's refusals of the create form (docs/admin-calendar.md#rules), before anything is written. */
function refuseInvalid(request: Request, phone: string): void {
  if (request.isTechnical) return;
  if (!/^\d{10,15}$/.test(phone)) throw new DomainError('validation', 'phone_required', STAFF_BOOKING_MESSAGES.phoneRequired, 'phone');
  if (request.createPaymentLink && request.transferPayment) throw new DomainError('validation', 'one_way_to_pay', STAFF_BOOKING_MESSAGES.oneWayToPay, 'transferPayment');
  if (request.createPaymentLink && request.amount !== undefined && request.amount < MIN_PAYMENT_LINK_ROUBLES) {
    throw new DomainError('validation', 'amount_below_minimum', STAFF_BOOKING_MESSAGES.minimumAmount, 'amount');
  }
  if (request.sendEmailConfirmation && !request.email) throw new DomainError('validation', 'email_required', STAFF_BOOKING_MESSAGES.emailRequired, 'email');
}

/** How the booking is paid: a technical one never is; otherwise as the form's switches say. */
const paymentOf = (request: Request): Payment =>
  request.isTechnical ? 'none' : request.createPaymentLink ? 'link' : request.transferPayment ? 'transfer' : 'none';

/**
 * A booking staff make in the back-office (POST /bookings, studio-prefixed). The cells are reserved
 * outright in the studio-day ledger (no hold, no notice rule: staff book any half hour of the day),
 * which refuses a taken one; then the booking is recorded as created by staff, firm from the start.
 * A photographer named with it has their hours taken too, as a checkout's are (docs/photographers.md).
 * Its money, if any, goes through a payment intent: a provider payment for a link (the payment
 * outcome adds it to the booking once paid), or a manual bank transfer recorded at once, in full or
 * half. Every id is derived from the booking id, and that from the Idempotency-Key when one is
 * sent, so a retry repeats nothing.
 */
export async function createStaffBooking(deps: PaymentDeps, studio: Studio, request: Request, staffId: string, idempotencyKey: string | undefined, context: CommandContext) {
  const { commands } = deps;
  const technical = request.isTechnical;
  const phone = technical ? '' : phoneOf(request.phone);
  refuseInvalid(request, phone);
  const cells = cellsOfRange(request.time_start, request.time_end);
  const payment = paymentOf(request);
  const amount = request.amount === undefined ? undefined : roublesToKopecks(request.amount);
  const price = await staffBookingPrice(commands, { studio, date: request.date, cells, technical, payment, amount });
  const photographer = await photographerOf(commands, request.photographer_id);
  const bookingId = idempotencyKey ? uuidFrom(`staff-booking:${idempotencyKey}`) : randomUUID();
  const intentId = staffBookingIntentId(bookingId);
  const email = technical ? undefined : request.email;
  const created: BookingCreatedByStaff = {
    bookingId,
    intentId,
    studio,
    ...(request.group_id ? { groupId: request.group_id } : {}),
    staffId,
    technical,
    customer: technical
      ? { name: '', phone: '', comment: request.comment ?? '' }
      : { name: [request.name, request.surname].filter(Boolean).join(' '), phone, ...(email ? { email } : {}), comment: request.comment ?? '' },
    blocks: [{ date: request.date, cells }],
    peopleCount: request.people_count ?? 1,
    ...(photographer ? { photographer } : {}),
    price,
    payment,
    prepayPercent: payment === 'transfer' && request.transferPaymentMode === 'prepayment' ? 50 : 100,
    ...(email && request.sendEmailConfirmation ? { emailConfirmation: { email, segments: mailSegments(request) } } : {}),
  };

  await recordStaffBooking(commands, created, context);
  const { position, recorded } = await takePayment(deps, created, context);
  return { booking: created, payment: recorded, position };
}

/** The ranges the confirmation e-mail lists: those the form sent, or this booking's own. */
function mailSegments(request: Request) {
  const segments = request.emailSegments?.length ? request.emailSegments : [{ date: request.date, time_start: request.time_start, time_end: request.time_end }];
  return segments.map(({ date, time_start, time_end }) => ({ date, start: time_start, end: time_end }));
}

/** The booking's one payment: asked of the provider for a link, recorded as transferred for a transfer, none otherwise. */
async function takePayment(deps: PaymentDeps, booking: BookingCreatedByStaff, context: CommandContext): Promise<{ position: string | null; recorded: StaffBookingPayment | null }> {
  const { commands } = deps;
  const { bookingId, intentId, studio, price } = booking;
  if (booking.payment === 'none') return { position: (await commands.read(bookingAggregate, bookingStream(bookingId))).position, recorded: null };
  if (booking.payment === 'transfer') {
    const { paymentId, amount, position } = await recordStaffTransfer(commands, booking, context);
    return { position, recorded: paymentAnswer(paymentId, 'transfer', 'succeeded', amount, null) };
  }
  const intent = await openStaffPaymentIntent(commands, booking, context);

  const known = Object.entries(intent.state.payments)[0];
  if (known) return { position: intent.position, recorded: paymentAnswer(known[0], 'link', 'pending', known[1].amount, known[1].confirmationUrl) };
  let taken;
  try {
    const receipt = deps.receipts ? bookingReceipt({ studio, email: booking.customer.email ?? '', blocks: booking.blocks }, price.total, deps.receipts) : undefined;
    taken = await deps.payments.createPayment({
      amountKopecks: price.total,
      description: `Бронирование студии «${STUDIO_NAMES[studio]}»: ${booking.blocks
        .map(({ date, cells }) => `${russianDate(date)} ${contiguousRanges(cells).map(({ start, end }) => `${start}–${end}`).join(', ')}`)
        .join('; ')}`.slice(0, 128),
      returnUrl: `${deps.siteUrl}/payment/success?intent=${intentId}`,
      metadata: { intentId, bookingId, purpose: 'full' },
      capture: true,
      idempotenceKey: `${intentId}:full:1`,
      // The receipt goes to the e-mail when staff have one, else to the phone.
      ...(receipt ? { receipt: { ...receipt, customer: booking.customer.email ? { email: booking.customer.email } : { phone: `+${booking.customer.phone}` } } } : {}),
    });
  } catch (error) {
    // Nobody could pay a link that does not exist: the booking is given up and its cells freed at once.
    await releaseCells(commands, booking, { booked: 'compensation' }, context);
    await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'payment_canceled' } }, context);
    if (error instanceof PaymentProviderError) {
      console.error(`[command-api] the payment provider refused staff booking ${bookingId}: ${error.code} ${error.description}`);
      throw new DomainError('unavailable', 'payment_unavailable', 'Не удалось создать платёж. Попробуйте ещё раз через минуту', 'payment');
    }
    throw error;
  }
  const confirmationUrl = taken.confirmation?.confirmation_url;
  if (!confirmationUrl) throw new Error(`Provider payment ${taken.id} for staff booking ${bookingId} came without a confirmation URL`);
  const recorded = await commands.handle(
    paymentIntentAggregate,
    { type: 'RecordProviderPayment', data: { intentId, paymentId: taken.id, purpose: 'full', amount: price.total, confirmationUrl } },
    context,
  );
  return { position: recorded.position, recorded: paymentAnswer(taken.id, 'link', 'pending', price.total, confirmationUrl) };
}

const paymentAnswer = (id: string, kind: StaffBookingPayment['kind'], status: StaffBookingPayment['status'], kopecks: number, url: string | null): StaffBookingPayment => ({
  id,
  kind,
  status,
  amount: kopecksToRoubles(kopecks),
  confirmationUrl: url,
  confirmation_url: url,
});
