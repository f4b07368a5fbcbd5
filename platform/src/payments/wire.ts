import { z } from 'zod';

/**
 * The YooKassa v3 objects as they travel (snake_case, money as strings). The client parses every
 * answer with these schemas, and the sandbox builds its answers to the same types. Objects are
 * loose: the provider adds fields over time, and an unknown field must not break a payment.
 */

export const amountSchema = z.object({
  value: z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal with at most two places'),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

export const paymentStatuses = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const refundStatuses = ['pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** The reasons we act on; the provider has more, so any string is accepted. */
export type CancellationReason =
  | 'expired_on_confirmation'
  | 'expired_on_capture'
  | 'canceled_by_merchant'
  | 'insufficient_funds'
  | '3d_secure_failed'
  | 'general_decline'
  | (string & {});

export const cancellationDetailsSchema = z.looseObject({
  party: z.string(),
  reason: z.string() as z.ZodType<CancellationReason>,
});

export const paymentMethodSchema = z.looseObject({
  type: z.string(),
  id: z.string().optional(),
  saved: z.boolean().optional(),
  title: z.string().optional(),
  card: z
    .looseObject({
      first6: z.string().optional(),
      last4: z.string(),
      expiry_month: z.string().optional(),
      expiry_year: z.string().optional(),
      card_type: z.string().optional(),
    })
    .optional(),
});

export const confirmationSchema = z.looseObject({
  type: z.string(),
  return_url: z.string().optional(),
  confirmation_url: z.string().optional(),
});

export const paymentSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(paymentStatuses),
  paid: z.boolean(),
  amount: amountSchema,
  income_amount: amountSchema.optional(),
  description: z.string().optional(),
  recipient: z.looseObject({ account_id: z.string(), gateway_id: z.string() }).optional(),
  payment_method: paymentMethodSchema.optional(),
  captured_at: z.string().optional(),
  created_at: z.string(),
  expires_at: z.string().optional(),
  confirmation: confirmationSchema.optional(),
  test: z.boolean(),
  refunded_amount: amountSchema.optional(),
  refundable: z.boolean(),
  receipt_registration: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  cancellation_details: cancellationDetailsSchema.optional(),
});
export type ProviderPayment = z.infer<typeof paymentSchema>;

export const refundSchema = z.looseObject({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(refundStatuses),
  amount: amountSchema,
  created_at: z.string(),
  description: z.string().optional(),
  cancellation_details: cancellationDetailsSchema.optional(),
});
export type ProviderRefund = z.infer<typeof refundSchema>;

export const errorBodySchema = z.looseObject({
  type: z.literal('error'),
  id: z.string().optional(),
  code: z.string(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const paymentEvents = ['payment.succeeded', 'payment.waiting_for_capture', 'payment.canceled'] as const;
export type PaymentEvent = (typeof paymentEvents)[number];

/** What the provider POSTs to our endpoint. Unsigned: act only on the object re-fetched with GET. */
export const paymentNotificationSchema = z.discriminatedUnion('event', [
  z.looseObject({ type: z.literal('notification'), event: z.enum(paymentEvents), object: paymentSchema }),
  z.looseObject({ type: z.literal('notification'), event: z.literal('refund.succeeded'), object: refundSchema }),
]);
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;
export type PaymentNotificationEvent = PaymentNotification['event'];

/** 54-FZ receipt as the wire has it (money as strings, quantity as a decimal). */
export interface WireReceipt {
  customer: { email?: string; phone?: string; full_name?: string };
  items: {
    description: string;
    quantity: string;
    amount: { value: string; currency: string };
    vat_code: number;
    payment_mode: string;
    payment_subject: string;
  }[];
}
