import { z } from 'zod';
import { idSchema, kopecksSchema, studioSchema } from '../primitives';

/** The provider's payment states (YooKassa v3): `succeeded` and `canceled` are final. */
export const PROVIDER_PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** What a provider payment pays for: a guest's whole price, or a customer's half now and the rest later. */
export const PAYMENT_PURPOSES = ['full', 'prepayment', 'remainder'] as const;

/** The provider's refund states (YooKassa v3): `succeeded` and `canceled` are final. */
export const PROVIDER_REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

/** Why money goes back: a payment that came after its hold expired, a cancelled booking, a staff decision. */
export const REFUND_REASONS = ['hold_expired', 'booking_canceled', 'staff'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** Our id of a refund; short enough that `refund:{id}` fits the provider's 64-character Idempotence-Key. */
export const refundIdSchema = z.string().min(1).max(57);

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
    /** The staff member who asked, by name (admin-backoffice §7 adminName). */
    staffName: z.string().max(100).optional(),
  }),
  /**
   * Money that came outside the provider (a bank transfer), recorded by staff as paid. Its id starts
   * with `tr_`, so it is never mistaken for a provider's payment, and nothing is asked of the provider for it.
   */
  ManualPaymentRecorded: z.object({
    intentId: idSchema,
    paymentId: idSchema.regex(/^tr_/, 'платёж переводом начинается с tr_'),
    amount: kopecksSchema.min(1),
    method: z.enum(['transfer']),
    recordedBy: z.string().min(1).max(100),
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
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PaymentIntentEvent = EventUnion<typeof paymentIntentEventSchemas>;
