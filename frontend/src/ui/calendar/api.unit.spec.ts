import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_TIMEOUT_MS } from '../../api/client';
import { fetchCalendarWeek, slotsUrl } from './api';
import { describeFailure } from './failure';

async function failureOf(response: (url: string, init: RequestInit) => Promise<Response>): Promise<ApiError> {
  vi.stubGlobal('fetch', vi.fn(response));
  const error = await fetchCalendarWeek('pochta', '2026-11-23').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('calendar week requests', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('pochta uses the plain path, the other studios the prefixed one', () => {
    expect(slotsUrl('pochta', '2026-11-23', '2026-11-29')).toBe('/api/calendar/slots?startDate=2026-11-23&endDate=2026-11-29');
    expect(slotsUrl('masterskaya', '2026-11-23', '2026-11-29')).toBe('/api/masterskaya/calendar/slots?startDate=2026-11-23&endDate=2026-11-29');
  });

  it('returns the date map of a successful answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ success: true, data: { '2026-11-23': { price: 2000, slots: {} } } })));
    await expect(fetchCalendarWeek('kirova', '2026-11-23')).resolves.toEqual({ '2026-11-23': { price: 2000, slots: {} } });
  });

  it('names a non-OK status, the server’s own error text, or an unknown error', async () => {
    expect(await failureOf(async () => Response.json({ success: false, error: 'Неверная дата', code: 'validation' }, { status: 400 }))).toMatchObject({ message: 'Ошибка сервера: 400', unanswered: false });
    expect(await failureOf(async () => Response.json({ success: false }, { status: 502 }))).toMatchObject({ message: 'Ошибка сервера: 502', unanswered: false });
    expect(await failureOf(async () => Response.json({ success: false, error: 'Неверная дата', code: 'validation' }))).toMatchObject({ message: 'Неверная дата', unanswered: false });
    expect(await failureOf(async () => new Response('<html>'))).toMatchObject({ message: 'Неизвестная ошибка', unanswered: false });
  });

  it('treats no answer at all as a network failure', async () => {
    expect(await failureOf(async () => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({ message: 'Нет подключения к интернету', unanswered: true });
  });

  it('says so when the server took too long', async () => {
    vi.useFakeTimers();
    const failure = failureOf((_url: string, init: RequestInit) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await failure).toMatchObject({ message: 'Превышено время ожидания', unanswered: true });
  });
});

describe('failure notice', () => {
  it('stays silent for network failures: the weeks just show as free', () => {
    expect(describeFailure([ApiError.failed(0, 'network')], false)).toBeNull();
    expect(describeFailure([], false)).toBeNull();
  });

  it('names a server failure with the offline-mode note', () => {
    expect(describeFailure([ApiError.failed(502, 'unreadable_refusal')], false)).toEqual({
      message: 'Ошибка загрузки календаря: Ошибка сервера: 502',
      detail: 'Сервер недоступен. Работаем в офлайн-режиме.',
    });
  });

  it('reports the 15 s cut-off as a time-out', () => {
    expect(describeFailure([], true)?.message).toBe('Ошибка загрузки календаря: Превышено время ожидания. Работаем в офлайн-режиме.');
  });
});
