import type { z } from 'zod';
import { amountOf } from './amount';
import { PaymentProviderError } from './payment-provider';
import type { CreatePaymentInput, PaymentProvider, PaymentProviderErrorCode, ReceiptInput } from './payment-provider';
import { errorBodySchema, paymentSchema, refundSchema } from './wire';
import type { WireReceipt } from './wire';

export const YOOKASSA_API_URL = 'https://api.yookassa.ru/v3';

export interface YooKassaClientOptions {
  /** Up to and including `/v3`; default the real API. The sandbox's is `${sandbox.url}/v3`. */
  baseUrl?: string;
  shopId: string;
  secretKey: string;
  /** Injected in tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Longest one attempt may take, answer body included; default 30 s. */
  timeoutMs?: number;
  retry?: {
    /** Attempts in all, the first included; default 4. */
    attempts?: number;
    /** The first wait; each next one doubles, with jitter; default 500 ms. */
    baseDelayMs?: number;
    maxDelayMs?: number;
  };
}

/** YooKassa's limit on an Idempotence-Key. */
const MAX_KEY_LENGTH = 64;

/**
 * The YooKassa v3 client: HTTP Basic `shopId:secretKey`, JSON, an `Idempotence-Key` on every POST.
 * A 5xx, a 429, a timeout or a lost connection is retried (bounded, exponential backoff with
 * jitter) with the very same key and body, so the provider returns the first result rather than
 * acting twice; other answers are final. Every answer is checked against the wire schema, so a
 * malformed one fails here, loudly, instead of somewhere downstream.
 */
export function createYooKassaClient(options: YooKassaClientOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? YOOKASSA_API_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempts = Math.max(1, options.retry?.attempts ?? 4);
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const maxDelayMs = options.retry?.maxDelayMs ?? 8_000;
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  async function request<T>(schema: z.ZodType<T>, method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T> {
    const headers: Record<string, string> = { Authorization: authorization, Accept: 'application/json' };
    if (method === 'POST') {
      if (!idempotenceKey || idempotenceKey.length > MAX_KEY_LENGTH) {
        throw new PaymentProviderError({ code: 'invalid_request', description: `An Idempotence-Key of 1 to ${MAX_KEY_LENGTH} characters is required`, parameter: 'Idempotence-Key' });
      }
      headers['Idempotence-Key'] = idempotenceKey;
      headers['Content-Type'] = 'application/json';
    }
    // Serialised once: every retry must send the same bytes with the same key.
    const payload = method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
    const url = `${baseUrl}${path}`;
    const acted = method === 'POST';

    let failure: PaymentProviderError | undefined;
    let askedToWaitMs: number | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (failure) await sleep(backoff(attempt - 1, askedToWaitMs));
      let status: number;
      let text: string;
      let retryAfter: string | null;
      try {
        const response = await fetchImpl(url, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        text = await response.text();
      } catch (error) {
        askedToWaitMs = undefined;
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        failure = new PaymentProviderError(
          {
            code: timedOut ? 'timeout' : 'network_error',
            description: timedOut ? `No answer from ${method} ${path} within ${timeoutMs} ms` : `${method} ${path} failed: ${describe(error)}`,
            outcomeUnknown: acted,
          },
          { cause: error },
        );
        continue;
      }

      if (status >= 200 && status < 300) return parseAnswer(schema, text, status, method, path);

      failure = errorFrom(status, text, acted);
      if (!(status >= 500 || status === 429)) throw failure;
      askedToWaitMs = parseRetryAfter(retryAfter);
    }
    throw failure as PaymentProviderError;
  }

  function backoff(retry: number, askedToWaitMs: number | undefined): number {
    const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
    const jittered = exponential / 2 + Math.random() * (exponential / 2);
    return Math.min(maxDelayMs, Math.max(jittered, askedToWaitMs ?? 0));
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    createPayment: (input) => request(paymentSchema, 'POST', '/payments', paymentBody(input), input.idempotenceKey),
    getPayment: (paymentId) => request(paymentSchema, 'GET', `/payments/${id(paymentId)}`),
    capture: (paymentId, input) =>
      request(paymentSchema, 'POST', `/payments/${id(paymentId)}/capture`, input.amountKopecks === undefined ? {} : { amount: amountOf(input.amountKopecks) }, input.idempotenceKey),
    cancel: (paymentId, input) => request(paymentSchema, 'POST', `/payments/${id(paymentId)}/cancel`, {}, input.idempotenceKey),
    createRefund: (input) =>
      request(
        refundSchema,
        'POST',
        '/refunds',
        { payment_id: input.paymentId, amount: amountOf(input.amountKopecks), ...(input.description === undefined ? {} : { description: input.description }) },
        input.idempotenceKey,
      ),
    getRefund: (refundId) => request(refundSchema, 'GET', `/refunds/${id(refundId)}`),
  };
}

function paymentBody(input: CreatePaymentInput) {
  return {
    amount: amountOf(input.amountKopecks),
    capture: input.capture,
    confirmation: { type: 'redirect', return_url: input.returnUrl },
    description: input.description,
    metadata: input.metadata,
    ...(input.receipt ? { receipt: wireReceipt(input.receipt) } : {}),
  };
}

function wireReceipt(receipt: ReceiptInput): WireReceipt {
  const { email, phone, fullName } = receipt.customer;
  return {
    customer: { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(fullName ? { full_name: fullName } : {}) },
    items: receipt.items.map((item) => ({
      description: item.description,
      // "1.00", as YooKassa's examples write it; a fraction keeps its (up to three) decimals.
      quantity: Number.isInteger(item.quantity) ? item.quantity.toFixed(2) : String(item.quantity),
      amount: amountOf(item.amountKopecks),
      vat_code: item.vatCode,
      payment_mode: item.paymentMode,
      payment_subject: item.paymentSubject,
    })),
  };
}

function parseAnswer<T>(schema: z.ZodType<T>, text: string, status: number, method: string, path: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PaymentProviderError({ code: 'malformed_response', description: `${method} ${path} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`, status });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    throw new PaymentProviderError({ code: 'malformed_response', description: `${method} ${path} answered ${status} with an unexpected shape: ${issues}`, status });
  }
  return parsed.data;
}

function errorFrom(status: number, text: string, acted: boolean): PaymentProviderError {
  const outcomeUnknown = acted && status >= 500;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = errorBodySchema.safeParse(json);
  if (parsed.success) {
    const { code, description, parameter } = parsed.data;
    return new PaymentProviderError({ code, description: description ?? code, ...(parameter ? { parameter } : {}), status, outcomeUnknown });
  }
  return new PaymentProviderError({ code: codeOfStatus(status), description: `HTTP ${status} without an error body${text ? `: ${text.slice(0, 200)}` : ''}`, status, outcomeUnknown });
}

function codeOfStatus(status: number): PaymentProviderErrorCode {
  if (status >= 500) return 'internal_server_error';
  return ({ 400: 'invalid_request', 401: 'invalid_credentials', 403: 'forbidden', 404: 'not_found', 429: 'too_many_requests' } as Record<number, string>)[status] ?? 'malformed_response';
}

function parseRetryAfter(header: string | null): number | undefined {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
