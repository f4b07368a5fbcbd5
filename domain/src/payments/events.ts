import { z } from 'zod';
import { idSchema, kopecksSchema, studioSchema } from '../primitives';

/** The provider's payment states (YooKassa v3): `succeeded` and `canceled` are final. */
export const PROVIDER_PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/**
 * What a provider payment pays for: a guest's whole price, or a customer's half now and the rest
 * later; `difference` is what a customer's move to a dearer time costs (docs/change-policy.md).
 */
export const PAYMENT_PURPOSES = ['full', 'prepayment', 'remainder', 'difference'] as const;

/** The provider's refund states (YooKassa v3): `succeeded` and `canceled` are final. */
export const PROVIDER_REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

/**
 * Why the payment sync stopped asking the provider about a payment still unsettled: an abandoned
 * checkout's (its hold was released unpaid) or one the provider does not know (404).
 */
export const PAYMENT_SET_ASIDE_REASONS = ['abandoned', 'unknown_to_provider'] as const;
export type PaymentSetAsideReason = (typeof PAYMENT_SET_ASIDE_REASONS)[number];

/** Why money goes back: a payment that came after its hold expired, a cancelled booking, a staff decision, a move to a cheaper time. */
export const REFUND_REASONS = ['hold_expired', 'booking_canceled', 'staff', 'rescheduled'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Our id of a refund; short enough that `refund:{id}` fits the provider's 64-character Idempotence-Key. */
export const refundIdSchema = z.string().min(1).max(57);

/** A manual bank transfer's payment id: the back-office and the cabinet tell the channel by the prefix. */
export const TRANSFER_PAYMENT_PREFIX = 'tr_';
export const transferPaymentIdSchema = idSchema.refine((id) => id.startsWith(TRANSFER_PAYMENT_PREFIX), 'начинается с tr_');
/** The payment method a manual transfer shows in the read models. */
export const TRANSFER_METHOD = 'transfer';

export const paymentIntentEventSchemas = {
  /** Someone is about to pay for a booking; the intent id is unguessable and is all its result page needs. */
  PaymentIntentCreated: z.object({
    intentId: idSchema,
    bookingId: idSchema,
    studio: studioSchema,
    total: kopecksSchema,
    prepayPercent: z.union([z.literal(50), z.literal(100)]),
  }),
  /** The provider took a payment for the intent; the customer confirms it at `confirmationUrl`. */
  ProviderPaymentCreated: z.object({
    intentId: idSchema,
    paymentId: idSchema,
    purpose: z.enum(PAYMENT_PURPOSES),
    amount: kopecksSchema,
    confirmationUrl: z.string().max(2000),
  }),
  /**
   * Staff recorded money that came by a manual bank transfer, outside the provider: succeeded as
   * recorded, never polled, never refunded through the provider. Its id starts with `tr_`.
   */
  TransferPaymentRecorded: z.object({
    intentId: idSchema,
    paymentId: transferPaymentIdSchema,
    purpose: z.enum(PAYMENT_PURPOSES),
    amount: kopecksSchema.min(1),
    /** The staff member who recorded it (staff:…), and by name (the back-office sends it as adminName). */
    recordedBy: z.string().min(1).max(100),
    staffName: z.string().max(100).optional(),
  }),
  /** The provider's own word on a payment (re-fetched from it, never taken from a notification as is). */
  ProviderPaymentUpdated: z.object({
    intentId: idSchema,
    paymentId: idSchema,
    status: z.enum(PROVIDER_PAYMENT_STATUSES),
    /** Why a cancelled payment was cancelled (insufficient_funds, 3d_secure_failed, expired_on_confirmation…). */
    reason: z.string().max(100).optional(),
    /** The provider's payment_method.type once the payer chose one (bank_card, sbp, yoo_money…). */
    method: z.string().max(50).optional(),
  }),
  /**
   * The payment sync no longer asks the provider about this unsettled payment: it is an abandoned
   * checkout's (YooKassa cancels an unpaid payment itself after about an hour, and a merchant may
   * cancel only one waiting for capture), or the provider answers that it does not know it. Its
   * status stays as last recorded; a notification still records a later one.
   */
  ProviderPaymentSetAside: z.object({
    intentId: idSchema,
    paymentId: idSchema,
    reason: z.enum(PAYMENT_SET_ASIDE_REASONS),
  }),
  /**
   * Money of a succeeded payment is to go back; recorded before the provider is asked, so the
   * amount is reserved (two refunds never exceed the payment) and a retry asks with the same key.
   */
  RefundRequested: z.object({
    intentId: idSchema,
    refundId: refundIdSchema,
    paymentId: idSchema,
    amount: kopecksSchema.min(1),
    reason: z.enum(REFUND_REASONS),
    description: z.string().max(250).optional(),
    /** The actor who asked (customer:…, staff:…, system:…), for the back-office's refund list. */
    requestedBy: z.string().min(1).max(100),
    /** The staff member who asked, by name (docs/booking.md#calls-and-who-may-make-them adminName). */
    staffName: z.string().max(100).optional(),
  }),
  /** The provider took the refund under its own id, in the state it answered with. */
  ProviderRefundCreated: z.object({
    intentId: idSchema,
    refundId: refundIdSchema,
    providerRefundId: idSchema,
    status: z.enum(PROVIDER_REFUND_STATUSES),
  }),
  /** The provider's later word on a refund (re-fetched from it). */
  ProviderRefundUpdated: z.object({
    intentId: idSchema,
    refundId: refundIdSchema,
    providerRefundId: idSchema,
    status: z.enum(PROVIDER_REFUND_STATUSES),
  }),
  /** The booking's price changed (a customer's move, priced as a new booking): what the intent is to collect in all. */
  PaymentIntentRepriced: z.object({ intentId: idSchema, total: kopecksSchema, previousTotal: kopecksSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PaymentIntentEvent = EventUnion<typeof paymentIntentEventSchemas>;
