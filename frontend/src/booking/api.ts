import type { ErrorBody, Photographer, PromoCheckResponse, Service, ShootingFormat, Studio } from '@studio/domain';
import { API_BASE, getJson, REQUEST_TIMEOUT_MS } from '../api/http';

const servicesPath = (studio: Studio) => `/api/${studio}/services`;

function listOf<T>(body: unknown): T[] {
  const data = (body as { data?: unknown } | null)?.data ?? body;
  return Array.isArray(data) ? (data as T[]) : [];
}

export const fetchServices = async (studio: Studio, signal?: AbortSignal): Promise<Service[]> => listOf<Service>(await getJson(servicesPath(studio), signal));

export const fetchFormats = async (studio: Studio, signal?: AbortSignal): Promise<ShootingFormat[]> => listOf<ShootingFormat>(await getJson(`/api/${studio}/formats`, signal));

export const fetchPhotographers = async (signal?: AbortSignal): Promise<Photographer[]> => listOf<Photographer>(await getJson('/api/photographers', signal));

export interface IntentRequest {
  studio: Studio;
  timeSlots: { date: string; time: string; price: number; durationMinutes: number; id: string }[];
  format: { format: 'self' | 'with_photographer' | 'event'; photographer_id?: string; people_count?: number };
  services: string[];
  totalPrice: number;
  promoCode: string;
  contact: { name: string; phone: string; email: string; comment: string };
  prepayPercent: 50 | 100;
}

export type IntentResult = { ok: true; intentId: string; confirmationUrl: string } | { ok: false; status: number; error: ErrorBody | null };

/** POST /api/bookings/intent; a network failure reads as status 0. */
export async function createIntent(request: IntentRequest, idempotencyKey: string): Promise<IntentResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/bookings/intent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    return { ok: false, status: 0, error: null };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && body?.success === true && typeof body.intentId === 'string') {
    return { ok: true, intentId: body.intentId, confirmationUrl: typeof body.confirmationUrl === 'string' ? body.confirmationUrl : '' };
  }
  return { ok: false, status: response.status, error: body && body.success === false && typeof body.error === 'string' ? (body as ErrorBody) : null };
}

/** GET /api/promocodes/check/{code}?studio=: the percent of a usable code, or the refusal to show. */
export async function checkPromo(code: string, studio: Studio): Promise<{ ok: true; percent: number } | { ok: false; error: string }> {
  try {
    const response = await fetch(`${API_BASE}/api/promocodes/check/${encodeURIComponent(code)}?${new URLSearchParams({ studio })}`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as PromoCheckResponse | ErrorBody | null;
    if (!response.ok || !body?.success) return { ok: false, error: (body && !body.success && body.error) || 'Неверный промокод' };
    const { discount_percent: percent, remaining_uses: remaining } = body.data;
    // A code without a limit has no count (null); one at 0 is used up.
    if (remaining !== null && remaining <= 0) return { ok: false, error: 'Промокод недоступен для использования' };
    return { ok: true, percent };
  } catch {
    return { ok: false, error: 'Ошибка применения промокода' };
  }
}

export const LAST_INTENT_KEY = 'lastIntent';
