import { z } from 'zod';

/** Money in these answers is roubles; inside the system it is kopecks. */
const roubles = z.number();

/**
 * GET /api/payment-intents/{intentId}: what the payment result page shows its buyer (the browser
 * or the account that checked out) and staff, the customer's contact data included.
 */
export const paymentIntentViewSchema = z.object({
  id: z.string(),
  /** The latest provider payment's status; `pending` before any was taken. */
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  payment_id: z.string().nullable(),
  /** What the first payment asks (the whole price, or half of it with a prepayment). */
  total_price: roubles,
  full_price: roubles,
  paid_amount: roubles,
  remaining_amount: roubles,
  fully_paid: z.boolean(),
  can_pay_rest: z.boolean(),
  payload: z.object({ prepay_percent: z.number(), full_price: roubles }),
  /** Why the provider cancelled the latest payment (insufficient_funds, 3d_secure_failed…). */
  cancellation_reason: z.string().nullable(),
  /** The booking paid for: a paid booking may still be cancelled (a payment that came after its hold expired). */
  booking_status: z.enum(['pending', 'confirmed', 'canceled', 'completed']),
  /** What went back to the payer (succeeded refunds). */
  refunded_amount: roubles,
  /** `pending` while any refund is under way, `succeeded` once every one went through, null without refunds. */
  refund_status: z.enum(['pending', 'succeeded']).nullable(),
  user_name: z.string(),
  user_phone: z.string(),
  user_email: z.string(),
  /** An account was opened for this (a guest's) booking: its login is the phone, its password went by SMS (docs/booking.md#what-it-does success screen). */
  account_created: z.boolean(),
  /** That account's login, E.164; null without one. */
  account_login: z.string().nullable(),
  /** A guest's paid booking (not cancelled) whose phone has no account yet: one is being opened, so the page asks again until it shows. */
  account_expected: z.boolean(),
});
/**
 * The same intent for anyone else who has its id (a forwarded link, a guessed hold id's intent):
 * its status and money, without the customer's name, phone, e-mail or account login.
 */
export const paymentIntentStatusViewSchema = paymentIntentViewSchema.omit({ user_name: true, user_phone: true, user_email: true, account_login: true });
export const paymentIntentResponseSchema = z.object({ success: z.literal(true), intent: z.union([paymentIntentViewSchema, paymentIntentStatusViewSchema]) });
export type PaymentIntentView = z.infer<typeof paymentIntentViewSchema>;
export type PaymentIntentStatusView = z.infer<typeof paymentIntentStatusViewSchema>;
/** What the result page is given: the buyer's full view, or the status view. */
export type PaymentIntentAnswer = PaymentIntentView | PaymentIntentStatusView;
export const isBuyersView = (intent: PaymentIntentAnswer): intent is PaymentIntentView => 'user_name' in intent;

/** POST /api/bookings/intent (201): the intent, and where the customer confirms its first payment. */
export const checkoutAnswerSchema = z.object({ success: z.literal(true), intentId: z.string(), confirmationUrl: z.string(), position: z.string().nullable() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** POST /api/payments/notifications: whether the provider's word changed anything. */
export const paymentNotificationAnswerSchema = z.object({ success: z.literal(true), recorded: z.boolean() });

/** GET /api/payment-intents/{intentId}/sync: the provider asked again; `position` of what that recorded, null when nothing changed. */
export const paymentSyncAnswerSchema = z.object({ success: z.literal(true), position: z.string().nullable() });

/** GET /api/bookings/by-payment/{paymentId}: the booked time, one row per continuous range of a day. */
export const bookedRangeSchema = z.object({
  id: z.string(),
  studio: z.string(),
  date: z.string(),
  time_start: z.string(),
  time_end: z.string(),
  status: z.enum(['pending', 'confirmed', 'canceled', 'completed']),
  /** `with_photographer`, `event`, or `hall_rental` for a self-service booking. */
  shooting_format: z.enum(['with_photographer', 'event', 'hall_rental']),
  photographer_name: z.string().nullable(),
  services: z.array(z.object({ name: z.string() })),
  /** The booking's whole price, repeated on each of its rows. */
  total_price: roubles,
  payment_id: z.string(),
  payment_status: z.string(),
});
export const bookingsByPaymentResponseSchema = z.object({ success: z.literal(true), bookings: z.array(bookedRangeSchema) });
export type BookedRange = z.infer<typeof bookedRangeSchema>;

