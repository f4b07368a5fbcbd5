import { z } from 'zod';
import { CABINET_PAYMENT_STATUSES } from './user-bookings';

/** Money in these answers is roubles; inside the system it is kopecks. */
const roubles = z.number();
const paymentStatus = z.enum(CABINET_PAYMENT_STATUSES);
const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * How a booking was made, as the back-office tells them apart (docs/admin-calendar.md#what-it-does): `technical`
 * and `admin` are staff's own bookings, `self` a customer's hall rental without a photographer.
 */
export const ADMIN_SHOOTING_FORMATS = ['self', 'with_photographer', 'event', 'technical', 'admin'] as const;
export type AdminShootingFormat = (typeof ADMIN_SHOOTING_FORMATS)[number];

export const ADMIN_SHOOTING_FORMAT_LABELS: Record<AdminShootingFormat, string> = {
  self: 'Аренда зала',
  with_photographer: 'С фотографом',
  event: 'Мероприятие',
  technical: 'Техническая бронь',
  admin: 'Бронь администратора',
};

/** An administrator's note on a booking: `date` is the ISO instant it was written. */
export const adminBookingNoteSchema = z.object({ text: z.string(), date: z.string(), adminName: z.string() });
export type AdminBookingNote = z.infer<typeof adminBookingNoteSchema>;

/**
 * One provider payment of the booking, for the refund section (docs/admin-calendar.md#what-it-does «Refundable
 * payment»): refundable = amount paid (a succeeded payment's amount) minus `refunded_total`.
 */
export const adminBookingPaymentSchema = z.object({
  payment_id: z.string(),
  /** `full` (the whole price), `prepayment` (50% up front) or `remainder` (the rest later). */
  purpose: z.string(),
  amount: roubles,
  status: paymentStatus,
  /** Succeeded refunds of this payment. */
  refunded_success: roubles,
  /** Refunds not cancelled, pending included: what can no longer be refunded. */
  refunded_total: roubles,
  created_at: z.string(),
});
export type AdminBookingPayment = z.infer<typeof adminBookingPaymentSchema>;

/**
 * One row of the back-office's booking list (docs/admin-calendar.md#what-it-does «Booking (admin view)»): one
 * booking's contiguous range of cells on one date, as the calendar's cells are booked. A booking
 * with several ranges or dates comes as several rows with the same `id` and `group_id` (the
 * booking id); a booking of one range has no group. The row's own amounts (`total_price`,
 * `full_price`, `paid_amount`) are its share of the booking by booked cells, to the kopeck; the
 * `intent_*`, `group_*`, `payment_*` and `rest_payment_*` amounts are the whole booking's or the
 * whole payment's. Only staff get these rows: they carry the customer's contact data.
 */
export const adminBookingRowSchema = z.object({
  /** The booking id (what the detail, notes, transfer, delete, refund and history calls take). */
  id: z.string(),
  /** YYYY-MM-DD, Asia/Tomsk. */
  date: z.string(),
  /** HH:MM: this range's first cell's start and last cell's end. */
  time_start: z.string(),
  time_end: z.string(),
  studio: z.string(),
  /** `pending` while a checkout holds the cells unpaid; canceled bookings are not listed. */
  status: z.enum(['pending', 'confirmed', 'canceled', 'completed']),
  group_id: z.string().nullable(),
  user_id: z.string().nullable(),
  customer_name: z.string(),
  /** Digits only, e.g. 79991234567. */
  customer_phone: z.string(),
  customer_email: z.string(),
  customer_comment: z.string(),
  people_count: z.number(),
  photographer_id: z.string().nullable(),
  /** The photographer's name. */
  photographer: z.string().nullable(),
  shooting_format: z.enum(ADMIN_SHOOTING_FORMATS),
  services: z.array(z.object({ name: z.string(), price: roubles })),
  /** Oldest first. */
  notes: z.array(adminBookingNoteSchema),
  /** The first provider payment: the whole price, or the 50% prepayment. */
  payment_id: z.string().nullable(),
  payment_status: paymentStatus.nullable(),
  /** The latest payment of the remainder, if one was taken. */
  rest_payment_id: z.string().nullable(),
  rest_payment_status: paymentStatus.nullable(),
  rest_payment_amount: roubles.nullable(),
  intent_id: z.string(),
  /** The whole booking's price. */
  intent_full_price: roubles,
  /** What the first payment asked: the whole price, or half of it with a 50% prepayment. */
  intent_total_price: roubles,
  /** What the booking's succeeded payments came to. */
  intent_paid_amount: roubles,
  /** What is still owed on the booking (full price minus paid, never below zero). */
  intent_rest_payment_amount: roubles,
  /** The remainder payment's status; null when none was taken. */
  intent_rest_payment_status: paymentStatus.nullable(),
  intent_fully_paid: flag,
  /** As intent_fully_paid: a range is paid when its booking is. */
  fully_paid: flag,
  paid_amount: roubles,
  total_price: roubles,
  full_price: roubles,
  group_total_price: roubles,
  payment_refunded_success_amount: roubles,
  payment_refunded_total_amount: roubles,
  rest_payment_refunded_success_amount: roubles,
  rest_payment_refunded_total_amount: roubles,
  /** Every provider payment of the booking, oldest first. */
  payments: z.array(adminBookingPaymentSchema),
  /** ISO instant the booking was placed. */
  created_at: z.string(),
});
export type AdminBookingRow = z.infer<typeof adminBookingRowSchema>;

/**
 * GET /api/bookings/all, /api/{kirova|masterskaya}/bookings/all (staff only): the studio's
 * bookings that hold cells (not canceled), by date and time; `?startDate&endDate` (YYYY-MM-DD,
 * at most 62 days) narrows it to the ranges on those dates.
 */
export const adminBookingsAnswerSchema = z.object({ success: z.literal(true), bookings: z.array(adminBookingRowSchema) });
export type AdminBookingsAnswer = z.infer<typeof adminBookingsAnswerSchema>;

/** GET /api/masterskaya/bookings?startDate&endDate (staff only): masterskaya's calendar reads its rows here. */
export const masterskayaBookingsAnswerSchema = z.object({ success: z.literal(true), data: z.array(adminBookingRowSchema) });
export type MasterskayaBookingsAnswer = z.infer<typeof masterskayaBookingsAnswerSchema>;

/** Who wrote an event: `guest` is a visitor without an account, `provider` the payment system. */
export const HISTORY_ACTOR_KINDS = ['customer', 'staff', 'provider', 'system', 'guest'] as const;
export type HistoryActorKind = (typeof HISTORY_ACTOR_KINDS)[number];

/**
 * One event of a booking's audit history: of the booking's own stream, its payment intent's, or a
 * studio day's (its cells held, confirmed, released).
 */
export const bookingHistoryEntrySchema = z.object({
  /** The event's type as stored, e.g. BookingPlaced; a type this build does not know is shown as is. */
  type: z.string(),
  /** Which stream it came from. */
  source: z.enum(['booking', 'payment', 'calendar']),
  /** ISO instant it was recorded. */
  at: z.string(),
  /** The same instant in Asia/Tomsk, «DD.MM.YYYY HH:MM:SS». */
  at_tomsk: z.string(),
  actor: z.object({
    kind: z.enum(HISTORY_ACTOR_KINDS),
    /** The customer's or staff member's id; null for a guest, the provider and the system. */
    id: z.string().nullable(),
    /** A staff member's or customer's name, «Платёжная система», «Система», or «Гость». */
    name: z.string(),
  }),
  /** One Russian line saying what happened, e.g. «Оплата получена: 1 600 ₽». */
  description: z.string(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

/** GET /api/admin/bookings/{id}/history (staff only): every event in the order it was recorded. */
export const bookingHistoryAnswerSchema = z.object({ success: z.literal(true), bookingId: z.string(), events: z.array(bookingHistoryEntrySchema) });
export type BookingHistoryAnswer = z.infer<typeof bookingHistoryAnswerSchema>;
