import { addDays, type DiscountRule, type Studio } from '@studio/domain';
import { getJson, REQUEST_TIMEOUT_MS } from '../api/http';
import type { CalendarData } from './types';

/**
 * Why a calendar request failed. `network` (no answer at all: offline, connection refused, aborted
 * or timed out) lets the calendar show every slot as free under a notice that nothing is confirmed;
 * `server` (an answer that is not a calendar) is also named to the visitor, with a retry button.
 */
export type CalendarFailureKind = 'network' | 'server';

export class CalendarLoadError extends Error {
  constructor(message: string, readonly kind: CalendarFailureKind) {
    super(message);
    this.name = 'CalendarLoadError';
  }
}

const prefixed = (studio: Studio, path: string) => (studio === 'pochta' ? `/api/${path}` : `/api/${studio}/${path}`);

export function slotsUrl(studio: Studio, startDate: string, endDate: string): string {
  return `${prefixed(studio, 'calendar/slots')}?${new URLSearchParams({ startDate, endDate })}`;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The seven days from `weekStart`, or a CalendarLoadError carrying the visitor-facing message. */
export async function fetchCalendarWeek(studio: Studio, weekStart: string, signal?: AbortSignal): Promise<CalendarData> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new CalendarLoadError('Нет подключения к интернету', 'network');
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(slotsUrl(studio, weekStart, addDays(weekStart, 6)), {
      headers: { 'Content-Type': 'application/json' },
      // The visitor cookie is what makes a guest's own cells come back `mine`, on every refetch too.
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new CalendarLoadError(timedOut ? 'Превышено время ожидания' : 'Нет подключения к интернету', 'network');
  }
  if (response.status === 0) throw new CalendarLoadError('Нет подключения к интернету', 'network');
  if (!response.ok) throw new CalendarLoadError(`Ошибка сервера: ${response.status}`, 'server');
  const body = await readJson(response);
  if (!body || body.success !== true || typeof body.data !== 'object' || body.data === null) {
    const text = typeof body?.error === 'string' && body.error ? body.error : 'Неизвестная ошибка';
    throw new CalendarLoadError(text, 'server');
  }
  return body.data as CalendarData;
}

/** Raw current-prices answer; the domain's resolvePrices reads every legacy shape of it. */
export const fetchCurrentPrices = (studio: Studio, signal?: AbortSignal): Promise<unknown> => getJson(prefixed(studio, 'prices/current'), signal);

export async function fetchDiscountRules(studio: Studio, signal?: AbortSignal): Promise<DiscountRule[]> {
  const body = (await getJson(`/api/admin/discounts?${new URLSearchParams({ studio })}`, signal)) as { discounts?: unknown };
  return Array.isArray(body.discounts) ? (body.discounts as DiscountRule[]) : [];
}

export async function fetchGroupDiscountEnabled(studio: Studio, signal?: AbortSignal): Promise<boolean> {
  const body = (await getJson(`/api/admin/settings/group-discount?${new URLSearchParams({ studio })}`, signal)) as { enabled?: unknown };
  // The group discount is on unless the studio switched it off.
  return body.enabled !== false;
}
