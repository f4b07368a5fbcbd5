import {
  promoCodeDeleteAnswerSchema,
  promoCodesResponseSchema,
  promoCodeWriteAnswerSchema,
  type PromoCodeRow,
  type PromoCreateRequest,
  type PromoUpdateRequest,
} from '@studio/domain';
import { callApi, reword } from '../../api/client';
import { sendStaffCommand } from '../staff-calls';

/** docs/promo-codes.md#what-it-does «Promo codes tab» and docs/promo-codes.md#messages «Promo», in Russian. */
export const PROMO_MESSAGES = {
  empty: 'Промокоды не найдены',
  loadFailed: 'Не удалось загрузить промокоды',
  saveFailed: 'Не удалось сохранить промокод',
  toggleFailed: 'Не удалось изменить статус промокода',
  deleteFailed: 'Не удалось удалить промокод',
  /** The spec's alert «Error: {server error}». */
  error: (message: string) => `Ошибка: ${message}`,
  created: (code: string) => `Промокод ${code} создан`,
  updated: (code: string) => `Промокод ${code} обновлён`,
  switched: (code: string, on: boolean) => `Промокод ${code} ${on ? 'включён' : 'выключен'}`,
  deleted: (code: string) => `Промокод ${code} удалён`,
} as const;

export const promoCodesKey = ['admin-promocodes'] as const;

/** GET /api/promocodes. */
export const fetchPromoCodes = (signal?: AbortSignal): Promise<PromoCodeRow[]> =>
  callApi('GET', '/api/promocodes', promoCodesResponseSchema, { signal }).catch(reword(() => PROMO_MESSAGES.loadFailed));

const promoPath = (id: string) => `/api/promocodes/${encodeURIComponent(id)}`;

export const createPromoCode = (body: PromoCreateRequest) => sendStaffCommand('POST', '/api/promocodes', body, promoCodeWriteAnswerSchema, PROMO_MESSAGES.saveFailed);

export const updatePromoCode = (id: string, body: PromoUpdateRequest, fallback: string = PROMO_MESSAGES.saveFailed) =>
  sendStaffCommand('PUT', promoPath(id), body, promoCodeWriteAnswerSchema, fallback);

/** The toggle (docs/promo-codes.md#rules): is_active flipped, the other fields resent as listed. */
export const switchPromoCode = (row: PromoCodeRow) =>
  updatePromoCode(row.id, { discount_percent: row.discount_percent, usage_limit: row.usage_limit, expires_at: row.expires_at, studio: row.studio, is_active: !row.is_active }, PROMO_MESSAGES.toggleFailed);

export const deletePromoCode = (id: string) => sendStaffCommand('DELETE', promoPath(id), null, promoCodeDeleteAnswerSchema, PROMO_MESSAGES.deleteFailed);
