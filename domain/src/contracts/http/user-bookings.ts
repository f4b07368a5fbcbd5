import { z } from 'zod';

/** Money in these answers is roubles; inside the system it is kopecks. */
const roubles = z.number();

/** The provider's payment states as the cabinet shows them (docs/cabinet.md#rules «Payment statuses»). */
export const CABINET_PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'waiting_for_payment', 'succeeded', 'canceled', 'failed'] as const;

/**
 * One row of GET /api/users/{id}/bookings (docs/cabinet.md#what-it-does «Booking row»): one booking on one
 * date. A booking placed for several dates comes as one row per date, all with the same `group_id`
 * (the booking id); a booking of one date has none. Amounts of a grouped row are its date's share
 * of the booking, `group_*` the whole booking's.
 */
export const userBookingRowSchema = z.object({
  /** The booking id: what PUT /api/bookings/{id}/cancel takes. */
  id: z.string(),
  group_id: z.string().nullable(),
  intent_id: z.string(),
  studio: z.string(),
  /** YYYY-MM-DD, Asia/Tomsk. */
  date: z.string(),
  /** HH:MM, the first booked cell's start and the last one's end on this date. */
  time_start: z.string(),
  time_end: z.string(),
  /** The continuous ranges booked on this date (adjacent cells merged), for the detail modal. */
  time_ranges: z.array(z.object({ start: z.string(), end: z.string() })),
  status: z.enum(['pending', 'confirmed', 'canceled', 'completed']),
  /** This row's price: the booking's total, or for a group its date's share by booked cells (to the kopeck). */
  total_price: roubles,
  /** The whole booking's total. */
  group_total_price: roubles,
  /** As total_price (the price the row owes in full, whatever the prepayment). */
  full_price: roubles,
  /** The payment intent's total: the whole booking's. */
  intent_full_price: roubles,
  /** What was paid for this row (its share, for a group). */
  paid_amount: roubles,
  /** What the intent's succeeded payments came to. */
  intent_paid_amount: roubles,
  fully_paid: z.union([z.literal(0), z.literal(1)]),
  /** `with_photographer`, `event`, or `hall_rental` for a self-service booking. */
  shooting_format: z.enum(['with_photographer', 'event', 'hall_rental']),
  photographer: z.string().nullable(),
  photographer_id: z.string().nullable(),
  photographer_name: z.string().nullable(),
  people_count: z.number(),
  services: z.array(z.object({ name: z.string() })),
  prepay_percent: z.union([z.literal(50), z.literal(100)]),
  /** The first provider payment (the whole price, or the 50% prepayment). */
  payment_id: z.string().nullable(),
  /** The provider's payment_method.type once it reported one (bank_card, sbp, yoo_money…). */
  payment_method: z.string().nullable(),
  payment_status: z.enum(CABINET_PAYMENT_STATUSES).nullable(),
  /** The latest payment of the remainder, if one was taken. */
  rest_payment_id: z.string().nullable(),
  rest_payment_status: z.enum(CABINET_PAYMENT_STATUSES).nullable(),
  /** Where an unpaid first payment is confirmed (the pay-now link); null once it is settled. */
  payment_confirmation_url: z.string().nullable(),
  /** What went back to the customer (succeeded refunds), and whether a refund is still under way. */
  refunded_amount: roubles,
  refund_status: z.enum(['pending', 'succeeded']).nullable(),
  customer_comment: z.string(),
  /** `customer` (booked signed in), `guest` (booked without an account) or `staff`. */
  created_by: z.enum(['customer', 'guest', 'staff']),
  /** Whether the customer may cancel it now: one date, not cancelled or completed, at least the notice ahead. */
  can_cancel: z.boolean(),
  placed_at: z.string(),
});
export type UserBookingRow = z.infer<typeof userBookingRowSchema>;
export type CabinetPaymentStatus = (typeof CABINET_PAYMENT_STATUSES)[number];

/** How a booked row's `shooting_format` reads on the site (the cabinet and the payment result page). */
export const BOOKED_FORMAT_LABELS: Record<UserBookingRow['shooting_format'], string> = {
  hall_rental: 'Аренда зала',
  with_photographer: 'С фотографом',
  event: 'Мероприятие',
};

/** The answer of GET /api/users/{id}/bookings: a bare array, as the spec's client expects. */
export const userBookingsResponseSchema = z.array(userBookingRowSchema);

/** POST /api/payments/{paymentId}/pay-rest (and /api/payment-intents/{id}/pay-rest). */
export const payRestAnswerSchema = z.object({ success: z.literal(true), confirmationUrl: z.string(), position: z.string().nullable() });

/**
 * PUT /api/bookings/{id}/cancel: the cancellation is recorded; the cells are freed and the money
 * refunded right after, by a process (the list shows the refund once it is under way). `refund`
 * and `kept` (roubles) are the change policy's quote (docs/change-policy.md); a repeat has none.
 */
export const cancelBookingAnswerSchema = z.object({ success: z.literal(true), refund: z.number().nullable(), kept: z.number().nullable(), position: z.string().nullable() });
