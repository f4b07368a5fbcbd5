import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './payment-provider';
import type { CreatePaymentInput } from './payment-provider';
import { createYooKassaClient } from './yookassa-client';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that records each request and answers from the list (the last answer repeats). */
function fakeFetch(...answers: (() => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET', headers: { ...(init?.headers as Record<string, string>) }, body: init?.body as string | undefined });
    const answer = answers[Math.min(calls.length, answers.length) - 1] as () => Response | Promise<Response>;
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const payment = {
  id: '2f5e7a1c-000f-5000-9000-1b2c3d4e5f60',
  status: 'pending',
  paid: false,
  amount: { value: '2500.00', currency: 'RUB' },
  confirmation: { type: 'redirect', return_url: 'https://studio.example/payment/success', confirmation_url: 'https://yoomoney.ru/checkout/x' },
  created_at: '2025-06-01T10:00:00.000Z',
  description: 'Бронь pochta',
  metadata: { intentId: 'i-1' },
  recipient: { account_id: '100500', gateway_id: '1' },
  refundable: false,
  test: true,
  // A field this client has never heard of must not break it.
  merchant_customer_id: 'c-1',
};

const internalError = json(500, { type: 'error', id: 'e-1', code: 'internal_server_error', description: 'Internal server error' });

const input: CreatePaymentInput = {
  amountKopecks: 250000,
  description: 'Бронь pochta',
  returnUrl: 'https://studio.example/payment/success',
  metadata: { intentId: 'i-1' },
  capture: true,
  idempotenceKey: 'intent-i-1-payment-1',
};

const client = (fetch: typeof globalThis.fetch, extra: Partial<Parameters<typeof createYooKassaClient>[0]> = {}) =>
  createYooKassaClient({ baseUrl: 'https://api.example/v3/', shopId: '100500', secretKey: 'test_secret', fetch, retry: { baseDelayMs: 1 }, ...extra });

describe('YooKassa client: requests', () => {
  it('POSTs the payment as YooKassa wants it: Basic auth, Idempotence-Key, JSON, the amount as a string', async () => {
    const { fetch, calls } = fakeFetch(json(200, payment));
    const created = await client(fetch).createPayment({
      ...input,
      receipt: {
        customer: { email: 'guest@example.com' },
        items: [{ description: 'Аренда зала', quantity: 1, amountKopecks: 250000, vatCode: 1, paymentMode: 'full_payment', paymentSubject: 'service' }],
      },
    });

    expect(created).toMatchObject({ id: payment.id, status: 'pending', amount: { value: '2500.00', currency: 'RUB' }, merchant_customer_id: 'c-1' });
    expect(calls).toHaveLength(1);
    const [call] = calls as [Call];
    expect(call.url).toBe('https://api.example/v3/payments');
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({
      Authorization: `Basic ${Buffer.from('100500:test_secret').toString('base64')}`,
      'Idempotence-Key': 'intent-i-1-payment-1',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(call.body as string)).toEqual({
      amount: { value: '2500.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://studio.example/payment/success' },
      description: 'Бронь pochta',
      metadata: { intentId: 'i-1' },
      receipt: {
        customer: { email: 'guest@example.com' },
        items: [{ description: 'Аренда зала', quantity: '1.00', amount: { value: '2500.00', currency: 'RUB' }, vat_code: 1, payment_mode: 'full_payment', payment_subject: 'service' }],
      },
    });
  });

  it('sends capture with an optional amount, cancel and refunds with their keys; GETs carry no key', async () => {
    const refund = { id: 'r-1', payment_id: payment.id, status: 'succeeded', amount: { value: '100.00', currency: 'RUB' }, created_at: payment.created_at };
    const { fetch, calls } = fakeFetch(json(200, payment), json(200, payment), json(200, payment), json(200, refund), json(200, refund), json(200, payment));
    const api = client(fetch);
    await api.capture('p/1', { amountKopecks: 150050, idempotenceKey: 'k-capture' });
    await api.capture('p-2', { idempotenceKey: 'k-capture-all' });
    await api.cancel('p-3', { idempotenceKey: 'k-cancel' });
    await api.createRefund({ paymentId: payment.id, amountKopecks: 10000, description: 'Отмена брони', idempotenceKey: 'k-refund' });
    await api.getRefund('r-1');
    await api.getPayment(payment.id);

    expect(calls.map((call) => [call.method, call.url.replace('https://api.example/v3', ''), call.headers['Idempotence-Key'], call.body && JSON.parse(call.body)])).toEqual([
      ['POST', '/payments/p%2F1/capture', 'k-capture', { amount: { value: '1500.50', currency: 'RUB' } }],
      ['POST', '/payments/p-2/capture', 'k-capture-all', {}],
      ['POST', '/payments/p-3/cancel', 'k-cancel', {}],
      ['POST', '/refunds', 'k-refund', { payment_id: payment.id, amount: { value: '100.00', currency: 'RUB' }, description: 'Отмена брони' }],
      ['GET', '/refunds/r-1', undefined, undefined],
      ['GET', `/payments/${payment.id}`, undefined, undefined],
    ]);
  });

  it('refuses to POST without an idempotence key, or with one longer than 64 characters, before sending anything', async () => {
    const { fetch, calls } = fakeFetch(json(200, payment));
    await expect(client(fetch).createPayment({ ...input, idempotenceKey: '' })).rejects.toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });
    await expect(client(fetch).cancel('p', { idempotenceKey: 'k'.repeat(65) })).rejects.toBeInstanceOf(PaymentProviderError);
    expect(calls).toHaveLength(0);
  });
});

describe('YooKassa client: failures', () => {
  it('maps an error answer to PaymentProviderError with code, description, parameter and status, without retrying a 4xx', async () => {
    const { fetch, calls } = fakeFetch(json(400, { type: 'error', id: 'e-2', code: 'invalid_request', description: 'Invalid description', parameter: 'description' }));
    const error = await client(fetch).createPayment(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'invalid_request', description: 'Invalid description', parameter: 'description', status: 400, outcomeUnknown: false });
    expect(calls).toHaveLength(1);
  });

  it('retries a 5xx with the same key and the same body, and returns the answer that finally came', async () => {
    const { fetch, calls } = fakeFetch(internalError, internalError, json(200, payment));
    await expect(client(fetch).createPayment(input)).resolves.toMatchObject({ id: payment.id });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.headers['Idempotence-Key']))).toEqual(new Set(['intent-i-1-payment-1']));
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
  });

  it('gives up after the configured attempts, saying the outcome is unknown', async () => {
    const { fetch, calls } = fakeFetch(internalError);
    await expect(client(fetch, { retry: { attempts: 3, baseDelayMs: 1 } }).createPayment(input)).rejects.toMatchObject({
      code: 'internal_server_error',
      status: 500,
      outcomeUnknown: true,
    });
    expect(calls).toHaveLength(3);
  });

  it('retries a lost connection and a 429 (waiting as Retry-After asks), keeping the key', async () => {
    const { fetch, calls } = fakeFetch(
      () => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNRESET') })),
      json(429, { type: 'error', id: 'e-3', code: 'too_many_requests', description: 'Too many requests' }, { 'Retry-After': '0' }),
      json(200, payment),
    );
    await expect(client(fetch).createPayment(input)).resolves.toMatchObject({ id: payment.id });
    expect(calls.map((call) => call.headers['Idempotence-Key'])).toEqual(['intent-i-1-payment-1', 'intent-i-1-payment-1', 'intent-i-1-payment-1']);
  });

  it('reports a network failure as network_error once the attempts are spent', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })));
    await expect(client(fetch, { retry: { attempts: 2, baseDelayMs: 1 } }).getPayment('p')).rejects.toMatchObject({
      code: 'network_error',
      status: undefined,
      description: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('gives up on an attempt that outlives timeoutMs and reports a timeout', async () => {
    const hanging = (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    let attempts = 0;
    const fetch = ((...args: Parameters<typeof hanging>) => {
      attempts++;
      return hanging(...args);
    }) as typeof globalThis.fetch;
    await expect(client(fetch, { timeoutMs: 20, retry: { attempts: 2, baseDelayMs: 1 } }).createPayment(input)).rejects.toMatchObject({ code: 'timeout', outcomeUnknown: true });
    expect(attempts).toBe(2);
  });

  it('rejects a malformed success answer clearly instead of passing it on', async () => {
    const wrongStatus = fakeFetch(json(200, { ...payment, status: 'paid' }));
    await expect(client(wrongStatus.fetch).getPayment(payment.id)).rejects.toMatchObject({
      code: 'malformed_response',
      status: 200,
      description: expect.stringContaining('status'),
    });
    const numberAmount = fakeFetch(json(200, { ...payment, amount: { value: 2500, currency: 'RUB' } }));
    await expect(client(numberAmount.fetch).getPayment(payment.id)).rejects.toMatchObject({ code: 'malformed_response', description: expect.stringContaining('amount.value') });
    const html = fakeFetch(() => new Response('<html>maintenance</html>', { status: 200 }));
    await expect(client(html.fetch).getPayment(payment.id)).rejects.toMatchObject({ code: 'malformed_response', description: expect.stringContaining('not JSON') });
  });

  it('names an error answer without a YooKassa body by its status', async () => {
    const { fetch } = fakeFetch(() => new Response('Forbidden', { status: 403 }));
    await expect(client(fetch).getPayment('p')).rejects.toMatchObject({ code: 'forbidden', status: 403 });
  });
});
