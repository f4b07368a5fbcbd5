import { randomUUID } from 'node:crypto';
import {
  bookingAggregate,
  bookingStream,
  catalogAggregate,
  catalogStream,
  checkCustomerBookingDates,
  customerAggregate,
  customerStream,
  DomainError,
  formatRoubles,
  kopecksToRoubles,
  paymentIntentAggregate,
  PHOTOGRAPHERS_STREAM,
  photographersAggregate,
  promoAggregate,
  promoCodeSchema,
  quoteCheckout,
  russianDate,
  STUDIO_NAMES,
  tomskToday,
  type BookingBlock,
  type BookingCustomer,
  type CheckoutQuote,
  type CheckoutRequest,
  type Clock,
  type Studio,
  type VersionedChangePolicy,
  type WaitlistLine,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { PaymentProviderError } from '../payments/payment-provider';
import { bookingReceipt } from './booking-receipt';
import { currentChangePolicy } from './change-policy';
import { placeHold, type HoldExpiry } from './hold';
import type { PaymentDeps } from './payment-deps';
import { usablePromo } from './promo';
import { giveBackPromo, releaseCells } from './release-cells';
import { adoptOfferHold, recordOfferTaken } from './waitlist';
import { equipmentNeeds, giveBackResources, photographerNeed, refuseBusyResources, takeResources, type ResourceClaim, type TakenTime } from './resource-time';

const digits = (phone: string) => phone.replace(/\D/g, '');

/** What a checkout needs: the provider payment's, and the holds' clock, length and expiry. */
export interface CheckoutDeps extends PaymentDeps {
  clock: Clock;
  holdExpiry: HoldExpiry;
  holdMinutes: number;
}

/** A booking page's order (docs/booking.md#calls-and-who-may-make-them): what it asks for, as the page priced and showed it. */
export interface CheckoutOrder extends Omit<CheckoutRequest, 'promo'> {
  /** As the customer typed it; null without one. */
  promoCode: string | null;
  /** What the page showed, in kopecks: the server prices the booking itself and refuses a different figure. */
  shownTotal: number;
  /** The form's contact; a signed-in customer's profile stands instead of all but the comment. */
  contact: { name: string; phone: string; email: string; comment: string };
  prepayPercent: 50 | 100;
  /** The hold id of the customer's waitlist offer this checkout books (docs/waitlist.md); its day adopts that hold. */
  waitlistOffer?: string | null;
}

/** Who checks out: a guest's browser (its `visitor` cookie's key), or a signed-in customer using it. */
export interface Buyer {
  visitor: string;
  /** The session's customer; null for a guest. */
  customerId: string | null;
}

const NO_PROFILE_EMAIL = 'В профиле не указан email. Добавьте его в личном кабинете перед бронированием';

/**
 * The contact a booking is made under. A guest's is what the form sent; a customer's comes from the
 * profile (docs/booking.md#calls-and-who-may-make-them: name and surname, phone, email), whatever the body says, and only the comment is
 * taken from the form. A profile without an email cannot book: the receipt and the confirmation go there.
 */
async function bookingCustomerOf(deps: CheckoutDeps, { contact }: CheckoutOrder, customerId: string | null): Promise<BookingCustomer> {
  const { comment } = contact;
  if (!customerId) return { name: contact.name, phone: digits(contact.phone), email: contact.email, comment };
  const { state } = await deps.commands.read(customerAggregate, customerStream(customerId));
  const profile = state.customer;
  if (!profile || state.withdrawn) throw new DomainError('unauthorized', 'not_signed_in', 'Войдите в аккаунт');
  if (!profile.email) throw new DomainError('validation', 'profile_email_missing', NO_PROFILE_EMAIL, 'email');
  return { name: `${profile.name} ${profile.surname}`.trim(), phone: digits(profile.phone), email: profile.email, comment, userId: customerId };
}

/** The promo as the checkout may apply it: its code upper-cased and its percent, or the reason it cannot be used. */
async function checkoutPromo(deps: CheckoutDeps, typed: string, order: CheckoutOrder): Promise<{ code: string; percent: number }> {
  const parsed = promoCodeSchema.safeParse(typed);
  if (!parsed.success) throw new DomainError('validation', 'promo_invalid', 'Неверный промокод', 'promoCode');
  const { promo } = await usablePromo(deps.commands, parsed.data, order.studio, deps.clock.now());
  return { code: parsed.data, percent: promo.discountPercent };
}

/**
 * A checkout, as one request waits for it: refuse dates past the limits, price it on the server,
 * take the promo use and hold its cells day by day, record the booking and its payment intent,
 * and take the provider payment the customer confirms at `confirmationUrl`: the whole price, or
 * half of it when a signed-in customer chose the 50% prepayment (the rest is a second payment of
 * the same intent). Any step failing gives back every hold and the promo use before the answer.
 * Every id is derived from the intent id, so a retry with the same Idempotency-Key repeats
 * nothing. The holds name the buyer's browser and account, so the calendar shows them their own cells.
 */
export async function checkout(deps: CheckoutDeps, order: CheckoutOrder, { visitor, customerId }: Buyer, idempotencyKey: string | undefined, context: CommandContext) {
  const { commands } = deps;
  const { studio, prepayPercent } = order;
  const today = tomskToday(deps.clock.now());
  // First, so a request for months of cells is refused before anything is read, taken or held.
  checkCustomerBookingDates(order.timeSlots.map((slot) => slot.date), today);
  if (prepayPercent !== 100 && !customerId) {
    throw new DomainError('validation', 'prepay_needs_account', 'Предоплата 50% доступна только зарегистрированным клиентам', 'prepayPercent');
  }
  // Every read at once (one round trip's wait, not three), awaited in order so that the refusal
  // given is the one a checkout reading them one by one would give (docs/performance.md).
  const reads = [
    bookingCustomerOf(deps, order, customerId),
    commands.read(catalogAggregate, catalogStream(studio)),
    commands.read(photographersAggregate, PHOTOGRAPHERS_STREAM),
    order.promoCode ? checkoutPromo(deps, order.promoCode, order) : null,
    // The booking keeps the change policy in force now (docs/change-policy.md).
    currentChangePolicy(commands, studio),
  ] as const;
  for (const read of reads) void read?.catch(() => undefined); // awaited below; a later one must not go unhandled
  const customer = await reads[0];
  const { state: catalog } = await reads[1];
  const { state: photographers } = await reads[2];
  const promo = await reads[3];
  const changePolicy = await reads[4];
  const intentId = idempotencyKey ? uuidFrom(`checkout:${idempotencyKey}`) : randomUUID();
  const bookingId = uuidFrom(`booking-of-intent:${intentId}`);
  const quote = quoteCheckout({ studio, timeSlots: order.timeSlots, format: order.format, serviceIds: order.serviceIds, promo }, catalog, photographers, today);
  const total = quote.price.total;
  if (order.shownTotal !== total) {
    throw new DomainError('conflict', 'price_changed', `Стоимость изменилась: ${formatRoubles(kopecksToRoubles(total))}. Проверьте заказ и отправьте его ещё раз`, 'totalPrice', {
      currentPrice: kopecksToRoubles(total),
    });
  }

  // The photographer's hours and shared equipment across every studio (docs/photographers.md): a busy one is refused before anything is held.
  const needs = [...photographerNeed(quote.format), ...(await equipmentNeeds(commands, quote.services.map((service) => service.serviceId)))];
  const claim: ResourceClaim = { studio, bookingId, days: quote.days, needs };
  await refuseBusyResources(commands, claim);

  const blocks: BookingBlock[] = [];
  let offerTaken: { line: WaitlistLine; holdId: string; customerId: string } | null = null;
  const taken: TakenTime[] = [];
  try {
    // The promo's use is taken before the cells, so its limit is never exceeded.
    if (promo) await commands.handle(promoAggregate, { type: 'UsePromoCode', data: { code: promo.code, bookingId, studio, now: deps.clock.now() } }, context);
    for (const { date, cells } of quote.days) {
      const holdId = uuidFrom(`hold:${intentId}:${date}`);
      const hold = { studio, date, cells, holdId, bookingId, occupant: { phone: customer.phone, visitor, ...(customerId ? { userId: customerId } : {}) }, now: deps.clock.now(), holdMinutes: deps.holdMinutes };
      // The day of the customer's waitlist offer takes over the offer's hold; any other day is held as usual.
      const adopted = order.waitlistOffer && customerId ? await adoptOfferHold(deps, order.waitlistOffer, hold, customerId, context) : null;
      if (adopted && order.waitlistOffer && customerId) offerTaken = { line: adopted.line, holdId: order.waitlistOffer, customerId };
      // Its release is scheduled off the answer's path: a checkout that dies halfway still gives its cells back when the hold expires.
      else await placeHold({ commands, holdExpiry: scheduledInBackground(deps.holdExpiry) }, hold, context);
      blocks.push({ date, cells, holdId });
    }
    const answer = await bookAndTakePayment(deps, { order, quote, customer, intentId, bookingId, blocks, promoCode: promo?.code, visitor, claim, taken, changePolicy }, context);
    if (offerTaken) await recordOfferTaken(commands, { ...offerTaken, bookingId }, context);
    return answer;
  } catch (error) {
    // Never a half-written checkout (issue 19): whatever failed, the cells and the promo use go back before the answer.
    await undoCheckout(commands, { studio, bookingId, blocks, promoCode: promo?.code, taken }, context);
    if (error instanceof PaymentProviderError) {
      console.error(`[command-api] the payment provider refused intent ${intentId}: ${error.code} ${error.description}`);
      throw new DomainError('unavailable', 'payment_unavailable', 'Не удалось создать платёж. Попробуйте ещё раз через минуту', 'payment');
    }
    throw error;
  }
}

/**
 * The hold-expiry queue as the checkout uses it: the release job is sent off the answer's path (a
 * Redis round trip a day less to wait for), once the queue is known to be reachable, so an outage
 * still answers 503 at once. A job lost on the way costs no cells: the workers' sweep releases a
 * hold still blocking cells 30 s past its expiry (docs/architecture.md).
 */
const scheduledInBackground = (holdExpiry: HoldExpiry): HoldExpiry => ({
  schedule: (job, expiresAt) => holdExpiry.schedule(job, expiresAt, { background: true }),
});

interface HeldCheckout {
  order: CheckoutOrder;
  quote: CheckoutQuote;
  customer: BookingCustomer;
  intentId: string;
  bookingId: string;
  blocks: BookingBlock[];
  promoCode: string | undefined;
  /** The buyer's browser: the booking remembers it, so only that browser (or the account, or staff) sees the intent's contact data. */
  visitor: string;
  /** The booking's photographer, taken once the booking is placed; `taken` collects what was, for the undo. */
  claim: ResourceClaim;
  taken: TakenTime[];
  /** The studio's change policy in force when the checkout began, which the booking keeps. */
  changePolicy: VersionedChangePolicy;
}

/** The checkout once its cells are held: the booking, its payment intent, and the provider payment the customer confirms. */
async function bookAndTakePayment(deps: CheckoutDeps, { order, quote, customer, intentId, bookingId, blocks, promoCode, visitor, claim, taken, changePolicy }: HeldCheckout, context: CommandContext) {
  const { commands } = deps;
  const { studio, prepayPercent } = order;
  const total = quote.price.total;
  // The booking's and the intent's streams are new (their ids derive from the intent's): decided
  // without reading them first; a retry that finds them written reads and decides again.
  await commands.handle(
    bookingAggregate,
    {
      type: 'PlaceBooking',
      data: { bookingId, intentId, studio, customer, blocks, format: quote.format, services: quote.services, price: quote.price, prepayPercent, ...(promoCode ? { promoCode } : {}), visitor, changePolicy },
    },
    context,
    { optimistic: true },
  );
  // After the booking is placed, so a checkout that dies here frees them with its holds' expiry (resource-time-release).
  taken.push(...(await takeResources(commands, claim, context)));
  const intent = await commands.handle(paymentIntentAggregate, { type: 'CreatePaymentIntent', data: { intentId, bookingId, studio, total, prepayPercent } }, context, { optimistic: true });
  // Half now, rounded down to the kopeck; the remainder payment takes what is left.
  const firstAmount = prepayPercent === 50 ? Math.floor(total / 2) : total;
  const purpose = prepayPercent === 50 ? 'prepayment' : 'full';

  const known = Object.entries(intent.state.payments)[0];
  if (known) return { intentId, confirmationUrl: known[1].confirmationUrl, position: intent.position };
  const payment = await deps.payments.createPayment({
    amountKopecks: firstAmount,
    description: `${prepayPercent === 50 ? 'Предоплата 50% за бронирование' : 'Бронирование'} студии «${STUDIO_NAMES[studio]}»: ${quote.days.map((d) => russianDate(d.date)).join(', ')}`.slice(0, 128),
    returnUrl: `${deps.siteUrl}/payment/success?intent=${intentId}`,
    metadata: { intentId, bookingId, purpose },
    capture: true,
    idempotenceKey: `${intentId}:${purpose}:1`,
    ...(deps.receipts ? { receipt: bookingReceipt({ studio, email: customer.email, blocks }, firstAmount, deps.receipts) } : {}),
  });
  const confirmationUrl = payment.confirmation?.confirmation_url;
  if (!confirmationUrl) throw new Error(`Provider payment ${payment.id} for intent ${intentId} came without a confirmation URL`);
  const recorded = await commands.handle(
    paymentIntentAggregate,
    { type: 'RecordProviderPayment', data: { intentId, paymentId: payment.id, purpose, amount: firstAmount, confirmationUrl } },
    context,
    // On the intent as this handler just wrote it.
    { optimistic: true },
  );
  return { intentId, confirmationUrl, position: recorded.position };
}

/**
 * Gives back what a failed checkout took: its holds, its photographer's hours, its promo use, and its booking if it was
 * placed. Each step appends nothing when there is nothing to give back. Should the store fail here
 * too, the holds still lapse at their scheduled expiry, and the promo use with them.
 */
async function undoCheckout(
  commands: CommandHandler,
  undone: { studio: Studio; bookingId: string; blocks: BookingBlock[]; promoCode: string | undefined; taken: readonly TakenTime[] },
  context: CommandContext,
) {
  const { studio, bookingId, blocks, promoCode, taken } = undone;
  try {
    await releaseCells(commands, { studio, bookingId, blocks }, { held: 'compensation' }, context);
    await giveBackResources(commands, bookingId, taken, context);
    await giveBackPromo(commands, { bookingId, promoCode }, context);
    const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
    if (state.booking && state.status === 'pending') await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'payment_canceled' } }, context);
  } catch (error) {
    console.error(`[command-api] a failed checkout of booking ${bookingId} could not give everything back; its holds lapse at their expiry`, error);
  }
}
