import type { ProviderPayment, ProviderRefund } from './wire';

/**
 * The payment provider as the rest of the product sees it: YooKassa in production, the local
 * sandbox everywhere else, both spoken to by the same client over HTTP.
 *
 * Money goes in as integer kopecks and comes back as the wire has it (`amount.value` is a string;
 * read it with `valueToKopecks`). Every call that changes something takes an `idempotenceKey`:
 * derive it from our own ids (intent id + purpose + attempt), so a retry — ours, a worker's, the
 * client's own after a 5xx — returns the first result instead of charging twice. The same key with
 * a different request is refused (`invalid_request`, parameter `Idempotence-Key`).
 *
 * Every failure is a `PaymentProviderError`. Notifications carry no signature: whoever receives
 * one acts only on the payment re-fetched with `getPayment`.
 */
export interface PaymentProvider {
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /** Only from `waiting_for_capture` (a payment created with `capture: false`); less than the whole amount returns the rest to the payer. */
  capture(paymentId: string, input: CapturePaymentInput): Promise<ProviderPayment>;
  /** Only from `waiting_for_capture`; the payer's hold is released. */
  cancel(paymentId: string, input: { idempotenceKey: string }): Promise<ProviderPayment>;
  /** Only for a `succeeded` payment, and all refunds together never above it. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  getRefund(refundId: string): Promise<ProviderRefund>;
}

export interface CreatePaymentInput {
  amountKopecks: number;
  /** Shown to the payer; at most 128 characters. */
  description: string;
  /** Where the checkout sends the payer back, whatever the outcome. */
  returnUrl: string;
  /** At most 16 keys (≤ 32 characters) with string values (≤ 512); returned with the payment and its notifications. */
  metadata: Record<string, string>;
  /** true: paid means `succeeded`; false: paid means `waiting_for_capture` until `capture` or `cancel`. */
  capture: boolean;
  /** 54-FZ receipt; its items must add up to the amount. */
  receipt?: ReceiptInput;
  idempotenceKey: string;
}

export interface CapturePaymentInput {
  /** Unset captures the whole amount. */
  amountKopecks?: number;
  idempotenceKey: string;
}

export interface CreateRefundInput {
  paymentId: string;
  amountKopecks: number;
  description?: string;
  idempotenceKey: string;
}

export interface ReceiptInput {
  customer: { email?: string; phone?: string; fullName?: string };
  items: ReceiptItemInput[];
}

export interface ReceiptItemInput {
  /** At most 128 characters. */
  description: string;
  /** Whole units or up to three decimals; a booked block is 1. */
  quantity: number;
  /** Price of one unit. */
  amountKopecks: number;
  /** 1 = no VAT … see the provider's table. */
  vatCode: number;
  /** e.g. `full_prepayment`, `full_payment`. */
  paymentMode: string;
  /** e.g. `service`. */
  paymentSubject: string;
}

/** Answers from the provider (and failures to get one), with its own code when it gave one. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  /**
   * The provider's code (`invalid_request`, `invalid_credentials`, `forbidden`, `not_found`,
   * `too_many_requests`, `internal_server_error`, …) or ours when there was no usable answer:
   * `network_error`, `timeout`, `malformed_response`.
   */
  readonly code: PaymentProviderErrorCode;
  readonly description: string;
  /** The request field the provider objected to, e.g. `amount.value` or `Idempotence-Key`. */
  readonly parameter: string | undefined;
  /** HTTP status of the answer; undefined when none came. */
  readonly status: number | undefined;
  /**
   * True when the provider may have acted (5xx, timeout, lost connection): the outcome is unknown
   * until a retry with the same key or a GET says.
   */
  readonly outcomeUnknown: boolean;

  constructor(fields: { code: PaymentProviderErrorCode; description: string; parameter?: string; status?: number; outcomeUnknown?: boolean }, options?: { cause?: unknown }) {
    super(`${fields.code}${fields.status ? ` (${fields.status})` : ''}: ${fields.description}${fields.parameter ? ` [${fields.parameter}]` : ''}`, options);
    this.code = fields.code;
    this.description = fields.description;
    this.parameter = fields.parameter;
    this.status = fields.status;
    this.outcomeUnknown = fields.outcomeUnknown ?? false;
  }
}

export type PaymentProviderErrorCode =
  | 'invalid_request'
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'too_many_requests'
  | 'internal_server_error'
  | 'network_error'
  | 'timeout'
  | 'malformed_response'
  | (string & {});
