import {
  IDEMPOTENCY_KEY_HEADER,
  type CheckoutAnswer,
  type FormatsResponse,
  type Photographer,
  type PhotographersResponse,
  type PromoCheckResponse,
  type Service,
  type ServicesResponse,
  type ShootingFormat,
  type Studio,
} from '@studio/domain';
import { ApiError, callApi, reasonOr, typedOnly } from '../api/client';

export const fetchServices = async (studio: Studio, signal?: AbortSignal): Promise<Service[]> =>
  (await callApi('GET', `/api/${studio}/services`, typedOnly<ServicesResponse>(), { signal })).data;

export const fetchFormats = async (studio: Studio, signal?: AbortSignal): Promise<ShootingFormat[]> =>
  (await callApi('GET', `/api/${studio}/formats`, typedOnly<FormatsResponse>(), { signal })).data;

export const fetchPhotographers = async (signal?: AbortSignal): Promise<Photographer[]> => (await callApi('GET', '/api/photographers', typedOnly<PhotographersResponse>(), { signal })).data;

export interface IntentRequest {
  studio: Studio;
  timeSlots: { date: string; time: string; price: number; durationMinutes: number; id: string }[];
  format: { format: 'self' | 'with_photographer' | 'event'; photographer_id?: string; people_count?: number };
  services: string[];
  totalPrice: number;
  promoCode: string;
  contact: { name: string; phone: string; email: string; comment: string };
  prepayPercent: 50 | 100;
  /** The hold id of the waitlist offer being booked (docs/waitlist.md). */
  waitlistOffer?: string;
}

/** POST /api/bookings/intent; the key makes a resent request the same intent. Fails with an ApiError. */
export const createIntent = (request: IntentRequest, idempotencyKey: string): Promise<CheckoutAnswer> =>
  callApi('POST', '/api/bookings/intent', typedOnly<CheckoutAnswer>(), { body: request, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/** GET /api/promocodes/check/{code}?studio=: the percent of a usable code, or the refusal to show. */
export async function checkPromo(code: string, studio: Studio): Promise<{ ok: true; percent: number } | { ok: false; error: string }> {
  try {
    const { data } = await callApi('GET', `/api/promocodes/check/${encodeURIComponent(code)}?${new URLSearchParams({ studio })}`, typedOnly<PromoCheckResponse>());
    // A code without a limit has no count (null); one at 0 is used up.
    if (data.remaining_uses !== null && data.remaining_uses <= 0) return { ok: false, error: 'Промокод недоступен для использования' };
    return { ok: true, percent: data.discount_percent };
  } catch (error) {
    return { ok: false, error: reasonOr(error, error instanceof ApiError && error.unanswered ? 'Ошибка применения промокода' : 'Неверный промокод') };
  }
}

export const LAST_INTENT_KEY = 'lastIntent';
