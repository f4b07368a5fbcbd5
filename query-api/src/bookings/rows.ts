import { sql, type Kysely } from 'kysely';
import {
  ADMIN_SHOOTING_FORMATS,
  contiguousRanges,
  splitByWeights,
  timeToMinutes,
  type AdminBookingPayment,
  type AdminBookingRow,
  type AdminShootingFormat,
  type CabinetPaymentStatus,
  type ReadModels,
  type Studio,
} from '@studio/domain';
import { isFullyPaid, roubles } from '../payments/queries';

/** A booking as the read models keep it: the row, its intent's sums and its provider payments. */
interface BookingRecord {
  booking_id: string;
  intent_id: string;
  studio: string;
  status: AdminBookingRow['status'];
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  customer_comment: string;
  user_id: string | null;
  blocks: { date: string; cells: string[] }[];
  format: { kind: string; photographerId?: string; photographerName?: string; peopleCount: number };
  services: { name: string; price: number }[];
  notes: AdminBookingRow['notes'];
  total: string;
  paid: string;
  prepay_percent: number;
  placed_at: Date;
  created_by: 'customer' | 'staff';
  technical: boolean;
  /** The bookings one multi-slot staff creation made share it. */
  group_id: string | null;
}

interface PaymentRecord {
  payment_id: string;
  intent_id: string;
  purpose: string;
  amount: string;
  status: CabinetPaymentStatus;
  refunded_amount: string;
  refunded_total_amount: string;
  created_at: Date;
}

const adminFormatOf = (kind: string): AdminShootingFormat => (ADMIN_SHOOTING_FORMATS as readonly string[]).includes(kind) ? (kind as AdminShootingFormat) : 'self';
const cellsIn = ({ start, end }: { start: string; end: string }) => (timeToMinutes(end, true) - timeToMinutes(start)) / 30;

function paymentOf(payment: PaymentRecord): AdminBookingPayment {
  return {
    payment_id: payment.payment_id,
    purpose: payment.purpose,
    amount: roubles(payment.amount),
    status: payment.status,
    refunded_success: roubles(payment.refunded_amount),
    refunded_total: roubles(payment.refunded_total_amount),
    created_at: payment.created_at.toISOString(),
  };
}

/**
 * The back-office's rows of one booking (docs/admin-calendar.md#what-it-does «Booking (admin view)»): one per
 * contiguous range of cells per date, within [from, to] when given. The booking's money is shared
 * by the ranges' cells to the kopeck (over all its ranges, so a range's share does not depend on
 * the dates asked for); payments and refunds are the whole payment's.
 */
function adminRowsOf(booking: BookingRecord, payments: readonly PaymentRecord[], dates?: { from: string; to: string }): AdminBookingRow[] {
  const ranges = [...booking.blocks]
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap((block) => contiguousRanges(block.cells).map((range) => ({ date: block.date, ...range })));
  const total = Number(booking.total);
  const paid = Number(booking.paid);
  const weights = ranges.map(cellsIn);
  const [totals, paids] = [splitByWeights(total, weights), splitByWeights(paid, weights)];
  const own = payments.filter((payment) => payment.intent_id === booking.intent_id);
  const first = own.find((payment) => payment.purpose !== 'remainder');
  const rest = own.filter((payment) => payment.purpose === 'remainder').at(-1);
  const fullyPaid = isFullyPaid(total, paid) ? 1 : 0;
  const photographer = booking.format.photographerName ?? null;
  return ranges.flatMap((range, i): AdminBookingRow[] => {
    if (dates && (range.date < dates.from || range.date > dates.to)) return [];
    return [
      {
        id: booking.booking_id,
        date: range.date,
        time_start: range.start,
        time_end: range.end,
        studio: booking.studio,
        status: booking.status,
        group_id: booking.group_id ?? (ranges.length > 1 ? booking.booking_id : null),
        user_id: booking.user_id,
        customer_name: booking.customer_name,
        customer_phone: booking.customer_phone,
        customer_email: booking.customer_email,
        customer_comment: booking.customer_comment,
        people_count: booking.format.peopleCount,
        photographer_id: booking.format.photographerId ?? null,
        photographer,
        shooting_format: booking.technical ? 'technical' : booking.created_by === 'staff' ? 'admin' : adminFormatOf(booking.format.kind),
        services: booking.services.map((service) => ({ name: service.name, price: roubles(service.price) })),
        notes: booking.notes,
        payment_id: first?.payment_id ?? null,
        payment_status: first?.status ?? null,
        rest_payment_id: rest?.payment_id ?? null,
        rest_payment_status: rest?.status ?? null,
        rest_payment_amount: rest ? roubles(rest.amount) : null,
        intent_id: booking.intent_id,
        intent_full_price: roubles(total),
        intent_total_price: roubles(first?.amount ?? Math.round((total * booking.prepay_percent) / 100)),
        intent_paid_amount: roubles(paid),
        intent_rest_payment_amount: roubles(Math.max(0, total - paid)),
        intent_rest_payment_status: rest?.status ?? null,
        intent_fully_paid: fullyPaid,
        fully_paid: fullyPaid,
        paid_amount: roubles(paids[i]!),
        total_price: roubles(totals[i]!),
        full_price: roubles(totals[i]!),
        group_total_price: roubles(total),
        payment_refunded_success_amount: roubles(first?.refunded_amount ?? 0),
        payment_refunded_total_amount: roubles(first?.refunded_total_amount ?? 0),
        rest_payment_refunded_success_amount: roubles(rest?.refunded_amount ?? 0),
        rest_payment_refunded_total_amount: roubles(rest?.refunded_total_amount ?? 0),
        payments: own.map(paymentOf),
        created_at: booking.placed_at.toISOString(),
      },
    ];
  });
}

/**
 * A studio's bookings that hold cells (every status but canceled), with a range on any of the
 * dates when given, as the back-office lists them: by date and time.
 */
export async function adminBookings(db: Kysely<ReadModels>, studio: Studio, dates?: { from: string; to: string }): Promise<AdminBookingRow[]> {
  let query = db
    .selectFrom('bookings')
    .select([
      'booking_id',
      'intent_id',
      'studio',
      'status',
      'customer_name',
      'customer_phone',
      'customer_email',
      'customer_comment',
      'user_id',
      'blocks',
      'format',
      'services',
      'notes',
      'total',
      'paid',
      'prepay_percent',
      'placed_at',
      'created_by',
      'technical',
      'group_id',
    ])
    .where('studio', '=', studio)
    .where('status', '!=', 'canceled');
  if (dates) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom(sql`jsonb_array_elements(blocks)`.as('block')).select(sql`1`.as('one')).where(sql`block->>'date'`, '>=', dates.from).where(sql`block->>'date'`, '<=', dates.to)),
    );
  }
  const bookings: BookingRecord[] = await query.execute();
  if (bookings.length === 0) return [];
  const payments: PaymentRecord[] = await db
    .selectFrom('provider_payments')
    .select(['payment_id', 'intent_id', 'purpose', 'amount', 'status', 'refunded_amount', 'refunded_total_amount', 'created_at'])
    .where('intent_id', 'in', bookings.map((booking) => booking.intent_id))
    .orderBy('created_at')
    .orderBy('payment_id')
    .execute();
  return bookings
    .flatMap((booking) => adminRowsOf(booking, payments, dates))
    .sort((a, b) => a.date.localeCompare(b.date) || a.time_start.localeCompare(b.time_start) || a.id.localeCompare(b.id));
}
