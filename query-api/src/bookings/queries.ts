import type { Kysely } from 'kysely';
import {
  contiguousRanges,
  bookingStartsAt,
  changeRefusal,
  phoneDigits,
  splitByWeights,
  type CabinetPaymentStatus,
  type ReadModels,
  type UserBookingRow,
} from '@studio/domain';
import { isFullyPaid, refundStatusOf, roubles, shootingFormatOf } from '../payments/queries';

type Payment = { payment_id: string; intent_id: string; purpose: string; status: CabinetPaymentStatus; method: string | null; confirmation_url: string };

/**
 * A customer's bookings as the cabinet lists them (docs/booking.md#what-it-does «Booking row»): those placed
 * signed in as them, and, once the account has proved its phone, a guest's placed with that phone
 * (an account opened later sees what it booked before; a stranger who registered the number does not). One row per booking and date, by date and time; a booking of several dates is a
 * group whose rows share its money by booked cells, to the kopeck.
 */
export async function userBookings(db: Kysely<ReadModels>, customer: { id: string; phone: string; phone_verified: boolean }, now: Date): Promise<UserBookingRow[]> {
  const bookings = await db
    .selectFrom('bookings as b')
    .leftJoin('payment_intents as i', 'i.intent_id', 'b.intent_id')
    .select([
      'b.booking_id',
      'b.intent_id',
      'b.studio',
      'b.status',
      'b.user_id',
      'b.blocks',
      'b.format',
      'b.services',
      'b.total',
      'b.prepay_percent',
      'b.customer_comment',
      'b.placed_at',
      'b.created_by',
      'i.paid',
      'i.refunded_amount',
      'i.refunded_total_amount',
    ])
    .where((eb) =>
      customer.phone_verified
        ? eb.or([eb('b.user_id', '=', customer.id), eb.and([eb('b.user_id', 'is', null), eb('b.customer_phone', '=', phoneDigits(customer.phone))])])
        : eb('b.user_id', '=', customer.id),
    )
    .execute();
  if (bookings.length === 0) return [];
  const payments: Payment[] = await db
    .selectFrom('provider_payments')
    .select(['payment_id', 'intent_id', 'purpose', 'status', 'method', 'confirmation_url'])
    .where('intent_id', 'in', bookings.map((b) => b.intent_id))
    .orderBy('created_at')
    .orderBy('payment_id')
    .execute();

  const rows = bookings.flatMap((booking) => {
    const own = payments.filter((p) => p.intent_id === booking.intent_id);
    const first = own.find((p) => p.purpose === 'full' || p.purpose === 'prepayment');
    const rest = own.filter((p) => p.purpose === 'remainder').at(-1);
    const total = Number(booking.total);
    const paid = Number(booking.paid ?? 0);
    const blocks = [...booking.blocks].sort((a, b) => a.date.localeCompare(b.date));
    const grouped = blocks.length > 1;
    const weights = blocks.map((block) => block.cells.length);
    const [totals, paids] = [splitByWeights(total, weights), splitByWeights(paid, weights)];
    // Cancellation is open whenever the policy allows it (docs/change-policy.md); what it gives back is the change-options call's.
    const canCancel = changeRefusal({ status: booking.status, dates: blocks.length, startsAt: bookingStartsAt(blocks) }, now) === null;
    const photographer = booking.format.photographerName ?? null;
    return blocks.map((block, i): UserBookingRow => {
      const ranges = contiguousRanges(block.cells);
      return {
        id: booking.booking_id,
        group_id: grouped ? booking.booking_id : null,
        intent_id: booking.intent_id,
        studio: booking.studio,
        date: block.date,
        time_start: ranges[0]!.start,
        time_end: ranges.at(-1)!.end,
        time_ranges: ranges,
        status: booking.status,
        total_price: roubles(totals[i]!),
        group_total_price: roubles(total),
        full_price: roubles(totals[i]!),
        intent_full_price: roubles(total),
        paid_amount: roubles(paids[i]!),
        intent_paid_amount: roubles(paid),
        fully_paid: isFullyPaid(total, paid) ? 1 : 0,
        shooting_format: shootingFormatOf(booking.format.kind),
        photographer,
        photographer_id: booking.format.photographerId ?? null,
        photographer_name: photographer,
        people_count: booking.format.peopleCount,
        services: booking.services.map((service) => ({ name: service.name })),
        prepay_percent: booking.prepay_percent === 50 ? 50 : 100,
        payment_id: first?.payment_id ?? null,
        payment_method: first?.method ?? null,
        payment_status: first?.status ?? null,
        rest_payment_id: rest?.payment_id ?? null,
        rest_payment_status: rest?.status ?? null,
        payment_confirmation_url: first && (first.status === 'pending' || first.status === 'waiting_for_capture') ? first.confirmation_url : null,
        refunded_amount: roubles(booking.refunded_amount ?? 0),
        refund_status: refundStatusOf(Number(booking.refunded_amount ?? 0), Number(booking.refunded_total_amount ?? 0)),
        customer_comment: booking.customer_comment,
        created_by: booking.created_by === 'staff' ? 'staff' : booking.user_id ? 'customer' : 'guest',
        can_cancel: canCancel,
        placed_at: booking.placed_at.toISOString(),
      };
    });
  });
  return rows.sort((a, b) => a.date.localeCompare(b.date) || a.time_start.localeCompare(b.time_start) || a.id.localeCompare(b.id));
}
