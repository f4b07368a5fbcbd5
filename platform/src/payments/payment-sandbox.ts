import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { systemClock } from '@studio/domain';
import type { Clock } from '@studio/domain';
import { checkoutMessagePage, checkoutPage } from './sandbox-checkout-page';
import { createLedger, SandboxApiError, sandboxOutcomes } from './sandbox-ledger';
import type { SandboxOutcome } from './sandbox-ledger';
import { createNotifier } from './sandbox-notifier';
import type { NotifierOptions } from './sandbox-notifier';
import type { ProviderPayment, ProviderRefund, WireReceipt } from './wire';

export { sandboxOutcomes } from './sandbox-ledger';
export type { SandboxOutcome } from './sandbox-ledger';

export interface PaymentSandboxOptions {
  /** 0 or unset: any free port. */
  port?: number;
  /** Loopback unless a deployment needs otherwise: the sandbox has test-only endpoints. */
  host?: string;
  /** Decides when a pending payment (1 hour) and a hold (7 days) expire. */
  clock?: Clock;
  /** Where notifications are POSTed; unset, none is sent. */
  notifyUrl?: string;
  /** The credentials clients must send (HTTP Basic). */
  shopId: string;
  secretKey: string;
  /** The origin browsers reach the sandbox at, for `confirmation_url`; default the address it listens on. */
  publicBaseUrl?: string;
  /** Start by dropping every notification (see `dropNotifications`). */
  dropNotifications?: boolean;
  notifications?: Omit<NotifierOptions, 'url'>;
  /** Payments, refunds and idempotence keys kept in memory (each); default 10 000. */
  maxObjects?: number;
  /** How often expired payments are looked for (they also expire when read); default 10 s. */
  expirySweepMs?: number;
}

export interface PaymentSandbox {
  /** `http://host:port`, without a trailing slash; the API is at `${url}/v3`. */
  url: string;
  /** Settles a pending payment as the checkout page's buttons do, notification included. */
  settle(paymentId: string, outcome: SandboxOutcome): ProviderPayment;
  /** The 54-FZ receipt a payment was created with, if any. */
  receiptOf(paymentId: string): WireReceipt | undefined;
  /** Every refund made of a payment, oldest first. */
  refundsOf(paymentId: string): ProviderRefund[];
  /** While true, notifications are not sent at all (as if every one were lost). */
  dropNotifications(drop: boolean): void;
  /** Where notifications go from now on (a receiver that starts after the sandbox). */
  notifyTo(url: string): void;
  close(): Promise<void>;
}

/** YooKassa keeps an idempotence key for 24 hours. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 64;

interface KeptAnswer {
  fingerprint: string;
  expiresAt: number;
  body: unknown;
}

/**
 * A YooKassa stand-in on loopback: the same `/v3` payments and refunds API (Basic auth,
 * idempotence, state rules, errors), a hosted checkout page at `/checkout/{id}` whose three buttons
 * settle the payment, redirect (303) to its `return_url` and then send the notification, and
 * test-only endpoints:
 * - `POST /sandbox/payments/{id}/settle` `{outcome: 'paid' | 'insufficient_funds' | '3d_secure_failed'}`;
 * - `PUT /sandbox/notifications` `{drop: boolean}`.
 * Everything lives in memory, bounded.
 */
export async function startPaymentSandbox(options: PaymentSandboxOptions): Promise<PaymentSandbox> {
  const clock = options.clock ?? systemClock;
  const maxObjects = options.maxObjects ?? 10_000;
  let dropping = options.dropNotifications ?? false;
  let baseUrl = '';

  // Kept, not copied: notifyTo may point the deliveries elsewhere once the receiver is listening.
  const notifierOptions = { url: options.notifyUrl, ...options.notifications };
  const notifier = createNotifier(notifierOptions);
  const ledger = createLedger({
    clock,
    shopId: options.shopId,
    maxObjects,
    checkoutUrl: (id) => `${options.publicBaseUrl?.replace(/\/+$/, '') ?? baseUrl}/checkout/${encodeURIComponent(id)}`,
    emit: (notification) => {
      // Decided at the change, so flipping the switch right after a settle cannot race it.
      if (dropping) return;
      // After the answer that caused it: the checkout's redirect first, then the notification.
      setImmediate(() => notifier.send(notification));
    },
  });
  const kept = new LRUCache<string, KeptAnswer>({ max: maxObjects });
  const expectedCredentials = digest(`${options.shopId}:${options.secretKey}`);

  const app = express();
  app.disable('x-powered-by');

  const v3 = express.Router();
  v3.use(authenticate);
  v3.use(express.json({ limit: '64kb', type: () => true }));
  v3.post('/payments', idempotent((req) => ledger.createPayment(req.body)));
  v3.get('/payments/:id', (req, res) => void res.json(ledger.getPayment(param(req))));
  v3.post('/payments/:id/capture', idempotent((req) => ledger.capture(param(req), req.body)));
  v3.post('/payments/:id/cancel', idempotent((req) => ledger.cancel(param(req))));
  v3.post('/refunds', idempotent((req) => ledger.createRefund(req.body)));
  v3.get('/refunds/:id', (req, res) => void res.json(ledger.getRefund(param(req))));
  v3.use(() => {
    throw new SandboxApiError(404, 'not_found', 'No such endpoint');
  });
  v3.use(apiErrors);
  app.use('/v3', v3);

  /** The payment a checkout page is about, or undefined once the page said it does not exist. */
  const checkoutPayment = (req: Request, res: Response): ProviderPayment | undefined => {
    try {
      return ledger.getPayment(param(req));
    } catch {
      res.status(404).type('html').send(checkoutMessagePage('Платёж не найден.'));
      return undefined;
    }
  };
  app.get('/checkout/:id', (req, res) => {
    const payment = checkoutPayment(req, res);
    if (payment) res.type('html').send(checkoutPage(payment));
  });
  app.post('/checkout/:id', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const outcome = (req.body as Record<string, unknown> | undefined)?.outcome;
    if (!isOutcome(outcome)) {
      res.status(400).type('html').send(checkoutMessagePage('Неизвестный исход оплаты.'));
      return;
    }
    let payment = checkoutPayment(req, res);
    if (!payment) return;
    // A second click (or a back-and-resubmit) changes nothing and still takes the payer back.
    if (payment.status === 'pending') payment = ledger.settle(payment.id, outcome);
    res.redirect(303, payment.confirmation?.return_url ?? '/');
  });

  const testOnly = express.Router();
  testOnly.use(express.json({ limit: '4kb', type: () => true }));
  testOnly.post('/payments/:id/settle', (req, res) => {
    const outcome = (req.body as Record<string, unknown> | undefined)?.outcome;
    if (!isOutcome(outcome)) throw new SandboxApiError(400, 'invalid_request', `outcome must be one of ${sandboxOutcomes.join(', ')}`, 'outcome');
    res.json(ledger.settle(param(req), outcome));
  });
  testOnly.put('/notifications', (req, res) => {
    const drop = (req.body as Record<string, unknown> | undefined)?.drop;
    if (typeof drop !== 'boolean') throw new SandboxApiError(400, 'invalid_request', 'drop must be true or false', 'drop');
    dropping = drop;
    res.json({ drop });
  });
  testOnly.use(apiErrors);
  app.use('/sandbox', testOnly);

  const server = await listen(app, options.port ?? 0, options.host ?? '127.0.0.1');
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const sweep = setInterval(() => ledger.expireDue(), options.expirySweepMs ?? 10_000);
  sweep.unref();

  return {
    url: baseUrl,
    settle: (paymentId, outcome) => ledger.settle(paymentId, outcome),
    receiptOf: (paymentId) => ledger.receiptOf(paymentId),
    refundsOf: (paymentId) => ledger.refundsOf(paymentId),
    dropNotifications: (drop) => {
      dropping = drop;
    },
    notifyTo: (url) => {
      notifierOptions.url = url;
    },
    async close() {
      clearInterval(sweep);
      await Promise.all([
        notifier.close(),
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
      ]);
    },
  };

  function authenticate(req: Request, _res: Response, next: NextFunction) {
    const header = req.get('authorization') ?? '';
    const [scheme, encoded] = header.split(' ');
    const given = scheme?.toLowerCase() === 'basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (!timingSafeEqual(digest(given), expectedCredentials)) {
      throw new SandboxApiError(401, 'invalid_credentials', 'Authentication by given credentials failed. Check shopId and secret key.');
    }
    next();
  }

  /**
   * YooKassa's idempotence: a key seen within 24 hours with the same request answers the first
   * result again; with a different request (another endpoint or body) it is refused. Only
   * successful answers are kept, so a request refused for the payment's state may be repeated.
   */
  function idempotent(act: (req: Request) => unknown) {
    return (req: Request, res: Response) => {
      const key = req.get('idempotence-key');
      if (!key) throw new SandboxApiError(400, 'invalid_request', 'Idempotence-Key header is required', 'Idempotence-Key');
      if (key.length > MAX_KEY_LENGTH) throw new SandboxApiError(400, 'invalid_request', `Idempotence-Key must be at most ${MAX_KEY_LENGTH} characters`, 'Idempotence-Key');
      const fingerprint = `${req.method} ${req.originalUrl}\n${canonicalJson(req.body ?? {})}`;
      const now = clock.now().getTime();
      const earlier = kept.get(key);
      if (earlier && earlier.expiresAt > now) {
        if (earlier.fingerprint !== fingerprint) throw new SandboxApiError(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key');
        res.json(earlier.body);
        return;
      }
      const body = act(req);
      kept.set(key, { fingerprint, expiresAt: now + KEY_LIFETIME_MS, body });
      res.json(body);
    };
  }
}

function apiErrors(error: unknown, req: Request, res: Response, _next: NextFunction) {
  // A fault of the sandbox itself is answered as YooKassa's 500, but must not go unseen.
  if (!(error instanceof SandboxApiError) && !isBodyParserError(error)) console.error(`payment sandbox: ${req.method} ${req.originalUrl} failed`, error);
  const known =
    error instanceof SandboxApiError
      ? error
      : isBodyParserError(error)
        ? new SandboxApiError(400, 'invalid_request', error.type === 'entity.too.large' ? 'Request body is too large' : 'Request body is not valid JSON')
        : new SandboxApiError(500, 'internal_server_error', 'Internal server error');
  res.status(known.status).json(known.body());
}

function isBodyParserError(error: unknown): error is { type: string } {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && 'status' in error;
}

const isOutcome = (value: unknown): value is SandboxOutcome => sandboxOutcomes.includes(value as SandboxOutcome);
const param = (req: Request) => String(req.params.id);
const digest = (text: string) => createHash('sha256').update(text).digest();

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(server)));
    // Browsers keep idle connections open; close() must not wait for them.
    server.keepAliveTimeout = 5_000;
  });
}
