import type { Kysely } from 'kysely';
import { contiguousRanges, DomainError, kopecksToRoubles, type BookedRange, type PaymentIntentAnswer, type PaymentIntentView, type ReadModels } from '@studio/domain';

/** Amounts this close count as equal: what the spec calls the paid tolerance (0.01 ₽). */
const PAID_TOLERANCE_KOPECKS = 1;
export const roubles = (kopecks: string | number) => kopecksToRoubles(Number(kopecks));
export const isFullyPaid = (total: number, paid: number) => total - paid < PAID_TOLERANCE_KOPECKS;
/** From the refunds' sums: succeeded, and not cancelled (pending included). */
export const refundStatusOf = (refunded: number, refunding: number): 'pending' | 'succeeded' | null => (refunding === 0 ? null : refunding > refunded ? 'pending' : 'succeeded');
/** The spec's names of the formats: a self-service booking is a hall rental. */
export const shootingFormatOf = (kind: string): 'with_photographer' | 'event' | 'hall_rental' => (kind === 'with_photographer' ? 'with_photographer' : kind === 'event' ? 'event' : 'hall_rental');
const notFound = () => new DomainError('not_found', 'intent_not_found', 'Платёж не найден', 'intentId');

/** Who asks for an intent: the browser's visitor key, the customer its session signs in, and whether it is staff. */
export interface IntentViewer {
  visitor: string | undefined;
  customerId: string | null;
  staff: boolean;
}

/**
 * The intent as its buyer (the browser or the account that checked out) and staff see it; anyone
 * else who has the id sees its status and money only, without the customer's contact data.
 */
export async function paymentIntentView(db: Kysely<ReadModels>, intentId: string, viewer: IntentViewer): Promise<PaymentIntentAnswer> {
  const { view, buyer } = await fullIntentView(db, intentId);
  const isBuyer = (buyer.visitor !== null && buyer.visitor === viewer.visitor) || (buyer.userId !== null && buyer.userId === viewer.customerId);
  if (viewer.staff || isBuyer) return view;
  const { user_name: _name, user_phone: _phone, user_email: _email, account_login: _login, ...status } = view;
  return status;
}

async function fullIntentView(db: Kysely<ReadModels>, intentId: string): Promise<{ view: PaymentIntentView; buyer: { visitor: string | null; userId: string | null } }> {
  const intent = await db
    .selectFrom('payment_intents as i')
    .innerJoin('bookings as b', 'b.booking_id', 'i.booking_id')
    .select([
      'i.intent_id',
      'i.booking_id',
      'i.total',
      'i.paid',
      'i.prepay_percent',
      'i.refunded_amount',
      'i.refunded_total_amount',
      'b.status as booking_status',
      'b.customer_name',
      'b.customer_phone',
      'b.customer_email',
      'b.user_id',
      'b.visitor',
    ])
    .where('i.intent_id', '=', intentId)
    .executeTakeFirst();
  if (!intent) throw notFound();
  const payments = await db
    .selectFrom('provider_payments')
    .select(['payment_id', 'status', 'reason', 'amount'])
    .where('intent_id', '=', intentId)
    .orderBy('created_at')
    .orderBy('payment_id')
    .execute();
  const first = payments[0];
  const latest = payments.at(-1);
  // Paid, and the booking not (yet) cancelled: the workers confirm it, then open the guest's account.
  const paidGuest = intent.user_id === null && latest?.status === 'succeeded' && (intent.booking_status === 'pending' || intent.booking_status === 'confirmed');
  const account = await accountAtBooking(db, intent.booking_id, intent.customer_phone, paidGuest);
  const full = Number(intent.total);
  const paid = Number(intent.paid);
  const fullyPaid = isFullyPaid(full, paid);
  const refunded = Number(intent.refunded_amount);
  const refunding = Number(intent.refunded_total_amount);
  const view: PaymentIntentView = {
    id: intent.intent_id,
    status: latest?.status ?? 'pending',
    payment_id: first?.payment_id ?? null,
    total_price: roubles(first?.amount ?? Math.round((full * intent.prepay_percent) / 100)),
    full_price: roubles(full),
    paid_amount: roubles(paid),
    remaining_amount: roubles(Math.max(0, full - paid)),
    fully_paid: fullyPaid,
    can_pay_rest: paid > 0 && !fullyPaid && intent.prepay_percent === 50 && (intent.booking_status === 'confirmed' || intent.booking_status === 'completed'),
    payload: { prepay_percent: intent.prepay_percent, full_price: roubles(full) },
    cancellation_reason: latest?.status === 'canceled' ? (latest.reason ?? null) : null,
    booking_status: intent.booking_status,
    refunded_amount: roubles(refunded),
    refund_status: refundStatusOf(refunded, refunding),
    user_name: intent.customer_name,
    user_phone: intent.customer_phone,
    user_email: intent.customer_email,
    ...account,
  };
  return { view, buyer: { visitor: intent.visitor, userId: intent.user_id } };
}

/**
 * The account a guest's paid booking opened (the workers' accounts-at-booking process), or whether
 * one is still to come: a paid guest booking whose phone (stored as digits) has no account yet.
 */
async function accountAtBooking(db: Kysely<ReadModels>, bookingId: string, phoneDigits: string, paidGuest: boolean) {
  const accounts = await db
    .selectFrom('customers')
    .select(['phone', 'via_booking_id'])
    .where((eb) => eb.or([eb('via_booking_id', '=', bookingId), eb('phone', '=', `+${phoneDigits}`)]))
    .execute();
  const opened = accounts.find((account) => account.via_booking_id === bookingId);
  return {
    account_created: opened !== undefined,
    account_login: opened?.phone ?? null,
    account_expected: !opened && paidGuest && accounts.length === 0,
  };
}

export async function bookingsByPayment(db: Kysely<ReadModels>, paymentId: string): Promise<BookedRange[]> {
  const row = await db
    .selectFrom('provider_payments as p')
    .innerJoin('payment_intents as i', 'i.intent_id', 'p.intent_id')
    .innerJoin('bookings as b', 'b.booking_id', 'i.booking_id')
    .select(['b.booking_id', 'b.studio', 'b.status', 'b.blocks', 'b.format', 'b.services', 'b.total', 'p.payment_id', 'p.status as payment_status'])
    .where('p.payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'payment_not_found', 'Платёж не найден', 'paymentId');
  const format = shootingFormatOf(row.format.kind);
  return [...row.blocks]
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap((block) =>
      contiguousRanges(block.cells).map(({ start, end }) => ({
        id: row.booking_id,
        studio: row.studio,
        date: block.date,
        time_start: start,
        time_end: end,
        status: row.status,
        shooting_format: format,
        photographer_name: row.format.photographerName ?? null,
        services: row.services.map((service) => ({ name: service.name })),
        total_price: roubles(row.total),
        payment_id: row.payment_id,
        payment_status: row.payment_status,
      })),
    );
}
