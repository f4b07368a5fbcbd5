import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually';
import { PaymentProviderError } from './payment-provider';
import type { CreatePaymentInput, PaymentProvider } from './payment-provider';
import { startPaymentSandbox } from './payment-sandbox';
import type { PaymentSandbox } from './payment-sandbox';
import type { PaymentNotification } from './wire';
import { createYooKassaClient } from './yookassa-client';

const credentials = { shopId: 'shop-1', secretKey: 'secret-1' };
const returnUrl = 'http://127.0.0.1:1/payment/success?intent=i-1';

async function htmlProblems(html: string): Promise<string[]> {
  const report = await new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(html);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`));
}

interface Server {
  url: string;
  close(): Promise<void>;
}

async function serve(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>): Promise<Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void handler(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Our notification endpoint: answers each attempt with the next status of the list (then 200). */
async function startReceiver(statuses: number[] = []) {
  const attempts: PaymentNotification[] = [];
  const accepted: PaymentNotification[] = [];
  const server = await serve((_req, body, res) => {
    const notification = JSON.parse(body) as PaymentNotification;
    attempts.push(notification);
    const status = statuses.shift() ?? 200;
    if (status === 200) accepted.push(notification);
    res.writeHead(status).end();
  });
  const of = (list: PaymentNotification[], id: string) => list.filter((notification) => notification.object.id === id);
  return { ...server, attempts: (id: string) => of(attempts, id), accepted: (id: string) => of(accepted, id) };
}

describe('PaymentProvider contract: the YooKassa client against the sandbox over HTTP', () => {
  let now = new Date('2025-06-01T10:00:00.000Z');
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sandbox: PaymentSandbox;
  let provider: PaymentProvider;

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startPaymentSandbox({
      ...credentials,
      host: '127.0.0.1',
      clock: { now: () => now },
      notifyUrl: `${receiver.url}/api/payments/notifications`,
      notifications: { baseDelayMs: 5 },
    });
    provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials, retry: { baseDelayMs: 5 } });
  });

  afterAll(async () => {
    await sandbox?.close();
    await receiver?.close();
  });

  const order = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
    amountKopecks: 250000,
    description: 'Бронь «Почта» 1 июня, 10:00–12:00',
    returnUrl,
    metadata: { intentId: randomUUID(), kind: 'full' },
    capture: true,
    idempotenceKey: randomUUID(),
    ...overrides,
  });

  const checkout = (paymentId: string, outcome: string) =>
    fetch(`${sandbox.url}/checkout/${paymentId}`, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });

  const paidAndWaiting = async () => {
    const payment = await provider.createPayment(order({ capture: false }));
    sandbox.settle(payment.id, 'paid');
    return payment;
  };

  const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a PaymentProviderError'), (error: unknown) => error as PaymentProviderError);

  describe('paying through the checkout page', () => {
    it('creates a pending payment whose confirmation_url is the sandbox checkout, and reads it back', async () => {
      const input = order();
      const created = await provider.createPayment(input);

      expect(created).toMatchObject({
        status: 'pending',
        paid: false,
        amount: { value: '2500.00', currency: 'RUB' },
        description: input.description,
        metadata: input.metadata,
        confirmation: { type: 'redirect', return_url: returnUrl, confirmation_url: `${sandbox.url}/checkout/${created.id}` },
        created_at: now.toISOString(),
        refundable: false,
        test: true,
      });
      expect(await provider.getPayment(created.id)).toEqual(created);
    });

    it('shows a valid Russian page with the amount in roubles, the description and the three buttons', async () => {
      const created = await provider.createPayment(order({ amountKopecks: 123456, description: 'Съёмка <в «Мастерской»> & фон' }));
      const response = await fetch(created.confirmation?.confirmation_url as string);
      const html = await response.text();

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).toContain('<html lang="ru">');
      expect(html).toContain('1\u00a0234,56\u00a0₽');
      expect(html).toContain('Съёмка &lt;в «Мастерской»&gt; &amp; фон');
      expect(html).toContain('<button type="submit" name="outcome" value="paid">Оплатить</button>');
      expect(html).toContain('<button type="submit" name="outcome" value="insufficient_funds">Отказ банка</button>');
      expect(html).toContain('<button type="submit" name="outcome" value="3d_secure_failed">Ошибка 3-D Secure</button>');
      expect(await htmlProblems(html)).toEqual([]);
    });

    it('«Оплатить» settles the payment as succeeded, redirects (303) to return_url, then sends payment.succeeded', async () => {
      const created = await provider.createPayment(order());
      const response = await checkout(created.id, 'paid');

      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(returnUrl);
      const paid = await provider.getPayment(created.id);
      expect(paid).toMatchObject({
        status: 'succeeded',
        paid: true,
        captured_at: now.toISOString(),
        income_amount: { value: '2500.00', currency: 'RUB' },
        refundable: true,
        payment_method: { type: 'bank_card', card: { last4: expect.any(String) } },
      });
      expect(paid.cancellation_details).toBeUndefined();
      const [notification] = await eventually(() => receiver.accepted(created.id).length > 0 && receiver.accepted(created.id));
      expect(notification).toEqual({ type: 'notification', event: 'payment.succeeded', object: paid });
    });

    it('«Отказ банка» cancels it with insufficient_funds and sends payment.canceled', async () => {
      const created = await provider.createPayment(order());
      expect((await checkout(created.id, 'insufficient_funds')).headers.get('location')).toBe(returnUrl);

      expect(await provider.getPayment(created.id)).toMatchObject({ status: 'canceled', paid: false, cancellation_details: { party: 'payment_network', reason: 'insufficient_funds' } });
      const [notification] = await eventually(() => receiver.accepted(created.id).length > 0 && receiver.accepted(created.id));
      expect(notification).toMatchObject({ event: 'payment.canceled', object: { id: created.id, status: 'canceled' } });
    });

    it('«Ошибка 3-D Secure» cancels it with 3d_secure_failed', async () => {
      const created = await provider.createPayment(order());
      await checkout(created.id, '3d_secure_failed');
      expect(await provider.getPayment(created.id)).toMatchObject({ status: 'canceled', cancellation_details: { reason: '3d_secure_failed' } });
    });

    it('a second click changes nothing and still takes the payer back; the page then says the payment is done', async () => {
      const created = await provider.createPayment(order());
      await checkout(created.id, 'paid');
      const again = await checkout(created.id, 'insufficient_funds');
      expect(again.status).toBe(303);
      expect((await provider.getPayment(created.id)).status).toBe('succeeded');
      const page = await (await fetch(`${sandbox.url}/checkout/${created.id}`)).text();
      expect(page).toContain('Платёж оплачен.');
      expect(page).not.toContain('<button');
      expect(await htmlProblems(page)).toEqual([]);
    });

    it('answers an unknown payment or outcome with a page, not a settlement', async () => {
      const unknown = await fetch(`${sandbox.url}/checkout/${randomUUID()}`);
      expect(unknown.status).toBe(404);
      expect(await htmlProblems(await unknown.text())).toEqual([]);
      const created = await provider.createPayment(order());
      expect((await checkout(created.id, 'free')).status).toBe(400);
      expect((await provider.getPayment(created.id)).status).toBe('pending');
    });

    it('settles without a browser through the test endpoint, and refuses to settle twice', async () => {
      const created = await provider.createPayment(order());
      const settle = () => fetch(`${sandbox.url}/sandbox/payments/${created.id}/settle`, { method: 'POST', body: JSON.stringify({ outcome: 'paid' }) });
      const first = await settle();
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ id: created.id, status: 'succeeded' });
      expect(await (await settle()).json()).toMatchObject({ type: 'error', code: 'invalid_request' });
    });

    it('cancels a pending payment nobody paid after an hour on the injected clock, with expired_on_confirmation', async () => {
      const created = await provider.createPayment(order());
      now = new Date(now.getTime() + 59 * 60_000);
      expect((await provider.getPayment(created.id)).status).toBe('pending');
      now = new Date(now.getTime() + 2 * 60_000);
      expect(await provider.getPayment(created.id)).toMatchObject({ status: 'canceled', cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' } });
      await eventually(() => receiver.accepted(created.id).some((notification) => notification.event === 'payment.canceled'));
    });
  });

  describe('idempotency', () => {
    it('the same key with the same request returns the first payment', async () => {
      const input = order();
      const first = await provider.createPayment(input);
      const second = await provider.createPayment(input);
      expect(second).toEqual(first);
    });

    it('the same key with another body or on another endpoint is refused with 400 invalid_request', async () => {
      const input = order();
      await provider.createPayment(input);
      const otherBody = await failure(provider.createPayment({ ...input, amountKopecks: 100 }));
      expect(otherBody).toBeInstanceOf(PaymentProviderError);
      expect(otherBody).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key', status: 400 });
      const created = await paidAndWaiting();
      expect(await failure(provider.cancel(created.id, { idempotenceKey: input.idempotenceKey }))).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });
    });

    it('a repeated capture with its key answers the first result instead of failing on the new state', async () => {
      const created = await paidAndWaiting();
      const captured = await provider.capture(created.id, { idempotenceKey: `capture-${created.id}` });
      expect(await provider.capture(created.id, { idempotenceKey: `capture-${created.id}` })).toEqual(captured);
    });
  });

  describe('capture and cancel', () => {
    it('a capture: false payment waits for capture once paid, with a 7-day hold', async () => {
      const created = await paidAndWaiting();
      const waiting = await provider.getPayment(created.id);
      expect(waiting).toMatchObject({ status: 'waiting_for_capture', paid: true, expires_at: new Date(now.getTime() + 7 * 86_400_000).toISOString() });
      await eventually(() => receiver.accepted(created.id).some((notification) => notification.event === 'payment.waiting_for_capture'));
    });

    it('capturing part of it succeeds for that part', async () => {
      const created = await paidAndWaiting();
      const captured = await provider.capture(created.id, { amountKopecks: 125000, idempotenceKey: randomUUID() });
      expect(captured).toMatchObject({ status: 'succeeded', paid: true, amount: { value: '1250.00' } });
      expect(captured.expires_at).toBeUndefined();
    });

    it('cancelling it releases the hold as canceled_by_merchant', async () => {
      const created = await paidAndWaiting();
      expect(await provider.cancel(created.id, { idempotenceKey: randomUUID() })).toMatchObject({
        status: 'canceled',
        paid: false,
        cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' },
      });
    });

    it('refuses capture and cancel from any other status with 400, and a capture above the amount', async () => {
      const pending = await provider.createPayment(order({ capture: false }));
      expect(await failure(provider.capture(pending.id, { idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(await failure(provider.cancel(pending.id, { idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request', status: 400 });

      const succeeded = await provider.createPayment(order());
      sandbox.settle(succeeded.id, 'paid');
      expect(await failure(provider.cancel(succeeded.id, { idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request' });
      expect(await failure(provider.capture(succeeded.id, { idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request' });

      const waiting = await paidAndWaiting();
      expect(await failure(provider.capture(waiting.id, { amountKopecks: 250001, idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request', parameter: 'amount.value' });
    });

    it('lets a hold expire after 7 days as expired_on_capture', async () => {
      const created = await paidAndWaiting();
      now = new Date(now.getTime() + 7 * 86_400_000);
      expect(await provider.getPayment(created.id)).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'expired_on_capture' } });
    });
  });

  describe('refunds', () => {
    it('refunds a succeeded payment in parts up to its amount, and sends refund.succeeded', async () => {
      const created = await provider.createPayment(order());
      sandbox.settle(created.id, 'paid');

      const refund = await provider.createRefund({ paymentId: created.id, amountKopecks: 100000, description: 'Отмена одного часа', idempotenceKey: randomUUID() });
      expect(refund).toMatchObject({ payment_id: created.id, status: 'succeeded', amount: { value: '1000.00', currency: 'RUB' }, description: 'Отмена одного часа' });
      expect(await provider.getRefund(refund.id)).toEqual(refund);
      expect(await provider.getPayment(created.id)).toMatchObject({ refunded_amount: { value: '1000.00' }, refundable: true });
      await eventually(() => receiver.accepted(refund.id).some((notification) => notification.event === 'refund.succeeded'));

      const tooMuch = await failure(provider.createRefund({ paymentId: created.id, amountKopecks: 150001, idempotenceKey: randomUUID() }));
      expect(tooMuch).toMatchObject({ code: 'invalid_request', parameter: 'amount.value', status: 400 });

      await provider.createRefund({ paymentId: created.id, amountKopecks: 150000, idempotenceKey: randomUUID() });
      expect(await provider.getPayment(created.id)).toMatchObject({ refunded_amount: { value: '2500.00' }, refundable: false });
      expect(await failure(provider.createRefund({ paymentId: created.id, amountKopecks: 1, idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request' });
    });

    it('refuses to refund a payment that has not succeeded, or does not exist', async () => {
      const pending = await provider.createPayment(order());
      expect(await failure(provider.createRefund({ paymentId: pending.id, amountKopecks: 100, idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request', parameter: 'payment_id' });
      const waiting = await paidAndWaiting();
      expect(await failure(provider.createRefund({ paymentId: waiting.id, amountKopecks: 100, idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request' });
      expect(await failure(provider.createRefund({ paymentId: randomUUID(), amountKopecks: 100, idempotenceKey: randomUUID() }))).toMatchObject({ code: 'invalid_request', parameter: 'payment_id' });
    });
  });

  describe('errors', () => {
    it('wrong credentials get PaymentProviderError invalid_credentials (401)', async () => {
      const stranger = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, shopId: credentials.shopId, secretKey: 'wrong', retry: { baseDelayMs: 1 } });
      const error = await failure(stranger.createPayment(order()));
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 401 });
      expect(await failure(stranger.getPayment(randomUUID()))).toMatchObject({ code: 'invalid_credentials' });
    });

    it('an unknown payment or refund is not_found (404)', async () => {
      expect(await failure(provider.getPayment(randomUUID()))).toMatchObject({ code: 'not_found', status: 404 });
      expect(await failure(provider.getRefund(randomUUID()))).toMatchObject({ code: 'not_found', status: 404 });
    });

    it('names the parameter it refuses: description, metadata, amount, return URL', async () => {
      expect(await failure(provider.createPayment(order({ description: 'д'.repeat(129) })))).toMatchObject({ code: 'invalid_request', parameter: 'description' });
      const seventeenKeys = Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`k${index}`, 'v']));
      expect(await failure(provider.createPayment(order({ metadata: seventeenKeys })))).toMatchObject({ code: 'invalid_request', parameter: 'metadata' });
      expect(await failure(provider.createPayment(order({ amountKopecks: 0 })))).toMatchObject({ code: 'invalid_request', parameter: 'amount.value' });
      expect(await failure(provider.createPayment(order({ returnUrl: 'not a url' })))).toMatchObject({ code: 'invalid_request', parameter: 'confirmation.return_url' });
    });

    it('takes a 54-FZ receipt whose items add up to the amount, and refuses one that does not', async () => {
      const item = { description: 'Аренда зала «Почта», 1 июня 10:00–12:00', quantity: 1, amountKopecks: 200000, vatCode: 1, paymentMode: 'full_payment', paymentSubject: 'service' };
      const receipt = { customer: { email: 'guest@example.com' }, items: [item, { ...item, description: 'Фотограф', amountKopecks: 25000, quantity: 2 }] };
      await expect(provider.createPayment(order({ receipt }))).resolves.toMatchObject({ status: 'pending' });
      expect(await failure(provider.createPayment(order({ receipt: { ...receipt, items: [item] } })))).toMatchObject({ code: 'invalid_request', parameter: 'receipt.items' });
      expect(await failure(provider.createPayment(order({ receipt: { ...receipt, customer: {} } })))).toMatchObject({ code: 'invalid_request', parameter: 'receipt.customer' });
      const long = { ...receipt, items: [{ ...item, description: 'д'.repeat(129), amountKopecks: 250000 }] };
      expect(await failure(provider.createPayment(order({ receipt: long })))).toMatchObject({ code: 'invalid_request', parameter: 'receipt.items.0.description' });
    });

    it('answers a POST without Idempotence-Key, or with a body that is not JSON, as YooKassa does', async () => {
      const authorization = `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`;
      const noKey = await fetch(`${sandbox.url}/v3/payments`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{}' });
      expect(noKey.status).toBe(400);
      expect(await noKey.json()).toMatchObject({ type: 'error', code: 'invalid_request', parameter: 'Idempotence-Key' });
      const notJson = await fetch(`${sandbox.url}/v3/payments`, { method: 'POST', headers: { authorization, 'content-type': 'application/json', 'idempotence-key': randomUUID() }, body: '{' });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toMatchObject({ type: 'error', code: 'invalid_request' });
    });
  });

  describe('a 500 from upstream', () => {
    it('is retried with the same key and body, and the provider answers the payment the first attempt made', async () => {
      const attempts: { key: string | undefined; body: string }[] = [];
      const firstAnswers: string[] = [];
      // Passes every request on to the sandbox, but loses the first answer behind a 500: the
      // provider acted, the client cannot know.
      const upstream = await serve(async (req, body, res) => {
        attempts.push({ key: req.headers['idempotence-key'] as string | undefined, body });
        const answer = await fetch(`${sandbox.url}${req.url}`, {
          method: req.method,
          headers: { authorization: req.headers.authorization as string, 'content-type': 'application/json', 'idempotence-key': req.headers['idempotence-key'] as string },
          body: req.method === 'POST' ? body : undefined,
        });
        const text = await answer.text();
        if (attempts.length === 1) {
          firstAnswers.push(text);
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', id: randomUUID(), code: 'internal_server_error', description: 'Internal server error' }));
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      });
      try {
        const throughUpstream = createYooKassaClient({ baseUrl: `${upstream.url}/v3`, ...credentials, retry: { baseDelayMs: 5 } });
        const payment = await throughUpstream.createPayment(order());

        expect(attempts).toHaveLength(2);
        expect(attempts[1]).toEqual(attempts[0]);
        expect(payment.id).toBe((JSON.parse(firstAnswers[0] as string) as { id: string }).id);
      } finally {
        await upstream.close();
      }
    });
  });
});

describe('sandbox behind another address', () => {
  it('points confirmation_url at publicBaseUrl, and its page posts back to wherever it was opened', async () => {
    const sandbox = await startPaymentSandbox({ ...credentials, publicBaseUrl: 'https://pay.studio.example/sandbox/' });
    try {
      const provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials });
      const created = await provider.createPayment({ amountKopecks: 1000, description: 'x', returnUrl, metadata: {}, capture: true, idempotenceKey: randomUUID() });
      expect(created.confirmation?.confirmation_url).toBe(`https://pay.studio.example/sandbox/checkout/${created.id}`);
      expect(await (await fetch(`${sandbox.url}/checkout/${created.id}`)).text()).toContain('<form method="post">');
    } finally {
      await sandbox.close();
    }
  });
});

describe('sandbox notifications', () => {
  it('retries a notification until the receiver answers 200', async () => {
    const receiver = await startReceiver([500, 503]);
    const sandbox = await startPaymentSandbox({ ...credentials, notifyUrl: receiver.url, notifications: { baseDelayMs: 5 } });
    try {
      const provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials });
      const created = await provider.createPayment({ amountKopecks: 1000, description: 'x', returnUrl, metadata: {}, capture: true, idempotenceKey: randomUUID() });
      sandbox.settle(created.id, 'paid');

      await eventually(() => receiver.accepted(created.id).length === 1);
      expect(receiver.attempts(created.id).map((notification) => notification.event)).toEqual(['payment.succeeded', 'payment.succeeded', 'payment.succeeded']);
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('drops every notification while told to (by the handle or over HTTP), and sends again when told to stop', async () => {
    const receiver = await startReceiver();
    const sandbox = await startPaymentSandbox({ ...credentials, notifyUrl: receiver.url, dropNotifications: true });
    try {
      const provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials });
      const pay = async () => {
        const created = await provider.createPayment({ amountKopecks: 1000, description: 'x', returnUrl, metadata: {}, capture: true, idempotenceKey: randomUUID() });
        sandbox.settle(created.id, 'paid');
        return created.id;
      };
      const switchTo = (drop: boolean) => fetch(`${sandbox.url}/sandbox/notifications`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ drop }) });

      const droppedAtStart = await pay();
      sandbox.dropNotifications(false);
      sandbox.dropNotifications(true);
      const droppedByHandle = await pay();
      expect((await switchTo(false)).status).toBe(200);
      const delivered = await pay();
      expect((await switchTo(true)).status).toBe(200);
      const droppedOverHttp = await pay();
      expect((await fetch(`${sandbox.url}/sandbox/notifications`, { method: 'PUT', body: '{"drop":"yes"}' })).status).toBe(400);
      sandbox.dropNotifications(false);
      const deliveredLast = await pay();

      await eventually(() => receiver.accepted(deliveredLast).length === 1 && receiver.accepted(delivered).length === 1);
      // Dropping is decided when the payment changes, so these were never sent at all.
      for (const id of [droppedAtStart, droppedByHandle, droppedOverHttp]) expect(receiver.attempts(id)).toEqual([]);
      // The payment itself is paid all the same: the sync worker finds it with a GET.
      expect((await provider.getPayment(droppedOverHttp)).status).toBe('succeeded');
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('notices on its own that an unpaid payment expired, and sends payment.canceled without anyone reading it', async () => {
    let now = new Date('2025-06-01T10:00:00.000Z');
    const receiver = await startReceiver();
    const sandbox = await startPaymentSandbox({ ...credentials, clock: { now: () => now }, notifyUrl: receiver.url, expirySweepMs: 10 });
    try {
      const provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials });
      const created = await provider.createPayment({ amountKopecks: 1000, description: 'x', returnUrl, metadata: {}, capture: true, idempotenceKey: randomUUID() });
      now = new Date(now.getTime() + 61 * 60_000);
      const [notification] = await eventually(() => receiver.accepted(created.id).length > 0 && receiver.accepted(created.id));
      expect(notification).toMatchObject({ event: 'payment.canceled', object: { status: 'canceled', cancellation_details: { reason: 'expired_on_confirmation' } } });
    } finally {
      await sandbox.close();
      await receiver.close();
    }
  });

  it('stops retrying when closed', async () => {
    const receiver = await startReceiver(Array.from({ length: 100 }, () => 500));
    const sandbox = await startPaymentSandbox({ ...credentials, notifyUrl: receiver.url, notifications: { attempts: 100, baseDelayMs: 60_000 } });
    const provider = createYooKassaClient({ baseUrl: `${sandbox.url}/v3`, ...credentials });
    const created = await provider.createPayment({ amountKopecks: 1000, description: 'x', returnUrl, metadata: {}, capture: true, idempotenceKey: randomUUID() });
    sandbox.settle(created.id, 'paid');
    await eventually(() => receiver.attempts(created.id).length === 1);

    // Waiting a minute for the next attempt, yet close() ends the delivery rather than waiting it out.
    await sandbox.close();
    expect(receiver.attempts(created.id)).toHaveLength(1);
    await receiver.close();
  });
});
