import type { BookedRange, PaymentIntentView } from '@studio/domain';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../api/http';

export class PaymentReadError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'PaymentReadError';
  }
}

async function read<T>(path: string, pick: (body: Record<string, unknown>) => T | undefined, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { ...init, headers: { Accept: 'application/json', ...init.headers }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new PaymentReadError('Нет связи с сервером', 0);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const value = body?.success === true ? pick(body) : undefined;
  if (!response.ok || value === undefined) throw new PaymentReadError(typeof body?.error === 'string' && body.error ? body.error : 'Ошибка получения интента', response.status);
  return value;
}

/** GET /api/payment-intents/{id}; `position` makes the read wait for a sync's own write. */
export const fetchIntent = (intentId: string, position?: string | null): Promise<PaymentIntentView> =>
  read(`/api/payment-intents/${encodeURIComponent(intentId)}`, (body) => body.intent as PaymentIntentView | undefined, position ? { headers: { 'X-Read-Position': position } } : {});

/** GET /api/payment-intents/{id}/sync: asks the provider again; its failures are silent (spec §8). */
export async function syncIntent(intentId: string): Promise<string | null> {
  try {
    return await read(`/api/payment-intents/${encodeURIComponent(intentId)}/sync`, (body) => (typeof body.position === 'string' ? body.position : null));
  } catch {
    return null;
  }
}

export const fetchBookingsByPayment = (paymentId: string): Promise<BookedRange[]> =>
  read(`/api/bookings/by-payment/${encodeURIComponent(paymentId)}`, (body) => (Array.isArray(body.bookings) ? (body.bookings as BookedRange[]) : undefined));
