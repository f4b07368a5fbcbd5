import {
  addDays,
  type CalendarSlotsResponse,
  type CurrentPrice,
  type CurrentPriceResponse,
  type DiscountRule,
  type DiscountsResponse,
  type GroupDiscountResponse,
  type Studio,
} from '@studio/domain';
import { ApiError, callApi, reasonOr, reword, typedOnly } from '../../api/client';
import type { CalendarData } from './types';

const prefixed = (studio: Studio, path: string) => (studio === 'pochta' ? `/api/${path}` : `/api/${studio}/${path}`);

export function slotsUrl(studio: Studio, startDate: string, endDate: string): string {
  return `${prefixed(studio, 'calendar/slots')}?${new URLSearchParams({ startDate, endDate })}`;
}

/**
 * The visitor-facing message of a failed week (docs/site.md#messages): no answer at all lets the calendar
 * show every slot as free under a notice that nothing is confirmed; a non-OK status is named by its
 * number; an OK answer that is not a calendar by the server's text, else as unknown.
 */
function weekFailure(error: ApiError): string {
  if (error.code === 'timeout') return 'Превышено время ожидания';
  if (error.unanswered) return 'Нет подключения к интернету';
  if (error.status >= 300) return `Ошибка сервера: ${error.status}`;
  return reasonOr(error, 'Неизвестная ошибка');
}

/** The seven days from `weekStart`, or an ApiError carrying the visitor-facing message. */
export async function fetchCalendarWeek(studio: Studio, weekStart: string, signal?: AbortSignal): Promise<CalendarData> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw ApiError.failed(0, 'network').worded('Нет подключения к интернету');
  // The visitor cookie is what makes a guest's own cells come back `mine`, on every refetch too.
  const answer = await callApi('GET', slotsUrl(studio, weekStart, addDays(weekStart, 6)), typedOnly<CalendarSlotsResponse>(), { signal }).catch(reword(weekFailure));
  return answer.data;
}

/** The current prices; the domain's resolvePrices falls back from what is missing. */
export const fetchCurrentPrices = async (studio: Studio, signal?: AbortSignal): Promise<CurrentPrice> =>
  (await callApi('GET', prefixed(studio, 'prices/current'), typedOnly<CurrentPriceResponse>(), { signal })).data;

export const fetchDiscountRules = async (studio: Studio, signal?: AbortSignal): Promise<DiscountRule[]> =>
  (await callApi('GET', `/api/admin/discounts?${new URLSearchParams({ studio })}`, typedOnly<DiscountsResponse>(), { signal })).discounts;

export const fetchGroupDiscountEnabled = async (studio: Studio, signal?: AbortSignal): Promise<boolean> =>
  (await callApi('GET', `/api/admin/settings/group-discount?${new URLSearchParams({ studio })}`, typedOnly<GroupDiscountResponse>(), { signal })).enabled;
