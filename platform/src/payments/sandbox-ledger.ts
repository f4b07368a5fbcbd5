import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Clock } from '@studio/domain';
import { amountOf, valueToKopecks } from './amount';
import type { PaymentNotification, ProviderPayment, ProviderRefund, WireReceipt } from './wire';

/** What the sandbox's checkout page (or a test) can make of a pending payment. */
export const sandboxOutcomes = ['paid', 'insufficient_funds', '3d_secure_failed'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

/** An answer the sandbox gives as YooKassa would: the status and the `{type: 'error'}` body's fields. */
export class SandboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly parameter?: string,
  ) {
    super(description);
  }

  body() {
    return { type: 'error' as const, id: randomUUID(), code: this.code, description: this.description, ...(this.parameter ? { parameter: this.parameter } : {}) };
  }
}

const invalid = (description: string, parameter?: string) => new SandboxApiError(400, 'invalid_request', description, parameter);

/** An unpaid payment is cancelled by the provider after about an hour. */
const PENDING_LIFETIME_MS = 60 * 60 * 1000;
/** Money held for a `capture: false` payment stays held for 7 days. */
const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const positiveAmount = z.object({
  value: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'must be a decimal string with at most two places, e.g. "2500.00"')
    .refine((value) => valueToKopecks(value) > 0, 'must be above zero'),
  currency: z.literal('RUB', 'the sandbox takes RUB only'),
});

const receiptRequest = z.object({
  customer: z
    .object({ email: z.email().optional(), phone: z.string().regex(/^\d{11,15}$/, 'digits only, e.g. 79991234567').optional(), full_name: z.string().max(256).optional() })
    .refine((customer) => customer.email !== undefined || customer.phone !== undefined, 'an email or a phone is required'),
  items: z
    .array(
      z.object({
        description: z.string().min(1).max(128),
        quantity: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d+(\.\d{1,3})?$/, 'must be a decimal with at most three places')),
        amount: positiveAmount,
        vat_code: z.number().int().min(1).max(12),
        payment_mode: z.string().min(1),
        payment_subject: z.string().min(1),
      }),
    )
    .min(1)
    .max(100),
});

const createPaymentRequest = z.object({
  amount: positiveAmount,
  // YooKassa's default is a two-stage payment.
  capture: z.boolean().default(false),
  confirmation: z.object({ type: z.literal('redirect', 'the sandbox supports redirect only'), return_url: z.url().max(2048) }),
  description: z.string().max(128).optional(),
  metadata: z
    .record(z.string().max(32), z.string().max(512))
    .refine((metadata) => Object.keys(metadata).length <= 16, 'at most 16 keys')
    .optional(),
  receipt: receiptRequest.optional(),
});

const captureRequest = z.object({ amount: positiveAmount.optional() });
const refundRequest = z.object({ payment_id: z.string().min(1), amount: positiveAmount, description: z.string().max(250).optional() });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw invalid(`Invalid parameter value: ${issue?.message ?? 'malformed request'}`, issue?.path.join('.') || undefined);
}

interface Entry {
  payment: ProviderPayment;
  capture: boolean;
  /** The 54-FZ receipt sent with it, as YooKassa would register it. */
  receipt?: WireReceipt;
  refundIds: string[];
}

export interface LedgerOptions {
  clock: Clock;
  shopId: string;
  checkoutUrl(paymentId: string): string;
  /** Told of every change a notification is sent for, with a snapshot of the object. */
  emit(notification: PaymentNotification): void;
  /** Payments and refunds kept (each); the least recently used go first. */
  maxObjects: number;
}

/**
 * The sandbox's memory of payments and refunds, with YooKassa's state rules: pending → succeeded |
 * canceled, or with `capture: false` pending → waiting_for_capture → succeeded | canceled; capture
 * and cancel only from waiting_for_capture; refunds only of succeeded payments and never above them.
 * Time (the hour a pending payment lives, the 7 days of a hold) is read from the injected clock.
 */
export function createLedger(options: LedgerOptions) {
  const payments = new LRUCache<string, Entry>({ max: options.maxObjects });
  const refunds = new LRUCache<string, ProviderRefund>({ max: options.maxObjects });
  const now = () => options.clock.now();
  const iso = (date: Date) => date.toISOString();
  const notify = (event: PaymentNotification['event'], object: ProviderPayment | ProviderRefund) =>
    options.emit({ type: 'notification', event, object: structuredClone(object) } as PaymentNotification);

  /** Cancels a payment whose time ran out; true when it did. */
  function expire(entry: Entry): boolean {
    const { payment } = entry;
    const at = now();
    if (payment.status === 'pending' && at.getTime() >= Date.parse(payment.created_at) + PENDING_LIFETIME_MS) {
      cancelWith(entry, 'yoo_money', 'expired_on_confirmation');
      return true;
    }
    if (payment.status === 'waiting_for_capture' && payment.expires_at && at.getTime() >= Date.parse(payment.expires_at)) {
      cancelWith(entry, 'yoo_money', 'expired_on_capture');
      return true;
    }
    return false;
  }

  function cancelWith(entry: Entry, party: string, reason: string) {
    const { payment } = entry;
    payment.status = 'canceled';
    payment.paid = false;
    delete payment.expires_at;
    payment.cancellation_details = { party, reason };
    notify('payment.canceled', payment);
  }

  function entryOf(paymentId: string): Entry {
    const entry = payments.get(paymentId);
    if (!entry) throw new SandboxApiError(404, 'not_found', `Payment ${paymentId} not found`);
    expire(entry);
    return entry;
  }

  const copy = <T>(value: T): T => structuredClone(value);

  return {
    createPayment(body: unknown): ProviderPayment {
      const request = parse(createPaymentRequest, body);
      if (request.receipt) checkReceiptTotal(request.receipt.items, valueToKopecks(request.amount.value));
      const id = randomUUID();
      const payment: ProviderPayment = {
        id,
        status: 'pending',
        paid: false,
        amount: request.amount,
        ...(request.description === undefined ? {} : { description: request.description }),
        recipient: { account_id: options.shopId, gateway_id: 'sandbox' },
        created_at: iso(now()),
        confirmation: { type: 'redirect', return_url: request.confirmation.return_url, confirmation_url: options.checkoutUrl(id) },
        test: true,
        refundable: false,
        ...(request.receipt ? { receipt_registration: 'succeeded' } : {}),
        metadata: request.metadata ?? {},
      };
      payments.set(id, { payment, capture: request.capture, refundIds: [], ...(request.receipt ? { receipt: request.receipt } : {}) });
      return copy(payment);
    },

    getPayment: (paymentId: string): ProviderPayment => copy(entryOf(paymentId).payment),

    /** The payer's choice on the checkout page. */
    settle(paymentId: string, outcome: SandboxOutcome): ProviderPayment {
      const entry = entryOf(paymentId);
      const { payment } = entry;
      if (payment.status !== 'pending') throw invalid(`Payment ${paymentId} is ${payment.status}, not pending`, 'payment_id');
      const last4 = outcome === 'paid' ? '4477' : '0002';
      payment.payment_method = {
        type: 'bank_card',
        id: payment.id,
        saved: false,
        title: `Bank card *${last4}`,
        card: { first6: '555555', last4, expiry_month: '12', expiry_year: '2030', card_type: 'MasterCard' },
      };
      if (outcome !== 'paid') {
        cancelWith(entry, 'payment_network', outcome);
      } else if (entry.capture) {
        succeed(payment);
      } else {
        payment.status = 'waiting_for_capture';
        payment.paid = true;
        payment.expires_at = iso(new Date(now().getTime() + HOLD_LIFETIME_MS));
        notify('payment.waiting_for_capture', payment);
      }
      return copy(payment);
    },

    capture(paymentId: string, body: unknown): ProviderPayment {
      const request = parse(captureRequest, body);
      const { payment } = entryOf(paymentId);
      requireWaiting(payment);
      if (request.amount) {
        if (valueToKopecks(request.amount.value) > valueToKopecks(payment.amount.value)) throw invalid('Capture amount exceeds the payment amount', 'amount.value');
        // A partial capture returns the rest to the payer: the payment is now for what was taken.
        payment.amount = request.amount;
      }
      succeed(payment);
      return copy(payment);
    },

    cancel(paymentId: string): ProviderPayment {
      const entry = entryOf(paymentId);
      requireWaiting(entry.payment);
      cancelWith(entry, 'merchant', 'canceled_by_merchant');
      return copy(entry.payment);
    },

    createRefund(body: unknown): ProviderRefund {
      const request = parse(refundRequest, body);
      const entry = payments.get(request.payment_id);
      if (!entry) throw invalid(`Payment ${request.payment_id} not found`, 'payment_id');
      expire(entry);
      const { payment } = entry;
      if (payment.status !== 'succeeded') throw invalid(`Only a succeeded payment can be refunded; this one is ${payment.status}`, 'payment_id');
      const refunded = valueToKopecks(payment.refunded_amount?.value ?? '0');
      const total = valueToKopecks(payment.amount.value);
      const asked = valueToKopecks(request.amount.value);
      if (refunded + asked > total) throw invalid(`Refunds would exceed the payment: ${amountOf(total - refunded).value} is left to refund`, 'amount.value');
      payment.refunded_amount = amountOf(refunded + asked);
      payment.refundable = refunded + asked < total;
      const refund: ProviderRefund = {
        id: randomUUID(),
        payment_id: payment.id,
        status: 'succeeded',
        amount: request.amount,
        created_at: iso(now()),
        ...(request.description === undefined ? {} : { description: request.description }),
      };
      refunds.set(refund.id, refund);
      entry.refundIds.push(refund.id);
      notify('refund.succeeded', refund);
      return copy(refund);
    },

    getRefund(refundId: string): ProviderRefund {
      const refund = refunds.get(refundId);
      if (!refund) throw new SandboxApiError(404, 'not_found', `Refund ${refundId} not found`);
      return copy(refund);
    },

    /** The receipt a payment was created with (test-only: YooKassa shows it in the shop's dashboard). */
    receiptOf: (paymentId: string): WireReceipt | undefined => copy(entryOf(paymentId).receipt),

    /** Every refund made of a payment, oldest first (test-only: YooKassa lists them with GET /refunds?payment_id=). */
    refundsOf: (paymentId: string): ProviderRefund[] => entryOf(paymentId).refundIds.flatMap((id) => refunds.get(id) ?? []).map(copy),

    /** Cancels every payment whose time ran out (the sandbox's own timer calls it). */
    expireDue(): void {
      for (const entry of payments.values()) expire(entry);
    },
  };

  function succeed(payment: ProviderPayment) {
    payment.status = 'succeeded';
    payment.paid = true;
    payment.captured_at = iso(now());
    // The sandbox takes no fee.
    payment.income_amount = payment.amount;
    payment.refundable = true;
    delete payment.expires_at;
    notify('payment.succeeded', payment);
  }
}

function requireWaiting(payment: ProviderPayment) {
  if (payment.status !== 'waiting_for_capture') throw invalid(`Payment ${payment.id} is ${payment.status}; only a payment waiting for capture can be captured or cancelled`, 'payment_id');
}

function checkReceiptTotal(items: { quantity: string; amount: { value: string } }[], amountKopecks: number) {
  const total = items.reduce((sum, item) => {
    const [whole, fraction = ''] = item.quantity.split('.');
    const thousandths = Number(`${whole}${fraction.padEnd(3, '0')}`);
    return sum + Math.round((valueToKopecks(item.amount.value) * thousandths) / 1000);
  }, 0);
  if (total !== amountKopecks) throw invalid(`The receipt items add up to ${amountOf(total).value}, the payment is ${amountOf(amountKopecks).value}`, 'receipt.items');
}
