import { z } from 'zod';
import { idSchema, kopecksSchema, studioSchema } from '../primitives';

/** The provider's payment states (YooKassa v3): `succeeded` and `canceled` are final. */
export const PROVIDER_PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** What a provider payment pays for: a guest's whole price, or a customer's half now and the rest later. */
export const PAYMENT_PURPOSES = ['full', 'prepayment', 'remainder'] as const;

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
  }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PaymentIntentEvent = EventUnion<typeof paymentIntentEventSchemas>;
