import {
  discountDeleteAnswerSchema,
  discountsResponseSchema,
  discountWriteAnswerSchema,
  groupDiscountResponseSchema,
  groupDiscountWriteAnswerSchema,
  type Discount,
  type Studio,
} from '@studio/domain';
import { callApi, reasonOr, reword, type AnswerSchema } from '../../api/client';
import { sendStaffCommand } from '../staff-calls';

/** docs/catalog.md#what-it-does «Discounts tab», docs/catalog.md#rules «Discount form» and docs/catalog.md#messages «Discounts». */
export const DISCOUNT_MESSAGES = {
  empty: 'Скидок пока нет',
  required: 'Укажите название и размер скидки',
  failed: (message: string) => `Ошибка: ${message}`,
  loadFailed: (message: string) => `Ошибка загрузки скидок: ${message}`,
  settingFailed: 'Не удалось сохранить настройку',
  noAnswer: 'сервер не ответил',
  badAnswer: 'неожиданный ответ сервера',
  notSaved: 'скидка не сохранена',
} as const;

/** The studio as the back-office sends it in a write: Pochta, Kirova or Masterskaya. */
export const studioAsSent = (studio: Studio): string => studio.charAt(0).toUpperCase() + studio.slice(1);

export const discountsKey = (studio: Studio) => ['admin-discounts', studio] as const;
export const groupSettingKey = (studio: Studio) => ['admin-group-discount', studio] as const;

/** What the server is sent for a discount (docs/catalog.md#calls-and-who-may-make-them): the parameter goes as `description`. */
export interface DiscountRequest {
  name: string;
  description: string;
  discount_value: number;
  discount_type: string;
  /** As studioAsSent spells it. */
  studio: string;
}

/** A catalogue read in the staff session. */
const read = <T>(path: string, schema: AnswerSchema<T>, signal?: AbortSignal): Promise<T> =>
  callApi('GET', path, schema, { signal }).catch(
    reword((error) =>
      DISCOUNT_MESSAGES.loadFailed(
        error.unanswered ? DISCOUNT_MESSAGES.noAnswer : error.code === 'bad_answer' ? DISCOUNT_MESSAGES.badAnswer : reasonOr(error, `HTTP ${error.status}`),
      ),
    ),
  );

/** GET /api/admin/discounts?studio= */
export const fetchDiscounts = async (studio: Studio, signal?: AbortSignal): Promise<Discount[]> =>
  (await read(`/api/admin/discounts?${new URLSearchParams({ studio })}`, discountsResponseSchema, signal)).discounts;

/** GET /api/admin/settings/group-discount?studio= */
export const fetchGroupDiscount = async (studio: Studio, signal?: AbortSignal): Promise<boolean> =>
  (await read(`/api/admin/settings/group-discount?${new URLSearchParams({ studio })}`, groupDiscountResponseSchema, signal)).enabled;

/** Writes fail with the server's reason, else `notSaved`; the screen puts «Ошибка: » before either. */
const failedWrite = DISCOUNT_MESSAGES.notSaved;
const discountPath = (id: string) => `/api/admin/discounts/${encodeURIComponent(id)}`;

export const addDiscount = (body: DiscountRequest) => sendStaffCommand('POST', '/api/admin/discounts', body, discountWriteAnswerSchema, failedWrite);

export const updateDiscount = (id: string, body: DiscountRequest) => sendStaffCommand('PUT', discountPath(id), body, discountWriteAnswerSchema, failedWrite);

export const removeDiscount = (id: string) => sendStaffCommand('DELETE', discountPath(id), null, discountDeleteAnswerSchema, failedWrite);

/** PUT /api/admin/settings/group-discount. */
export const switchGroupDiscount = (studio: Studio, enabled: boolean) =>
  sendStaffCommand('PUT', '/api/admin/settings/group-discount', { enabled, studio: studioAsSent(studio) }, groupDiscountWriteAnswerSchema, DISCOUNT_MESSAGES.settingFailed);
