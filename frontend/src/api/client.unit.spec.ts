import { servicesResponseSchema, UNAVAILABLE_MESSAGE, type ServicesResponse } from '@studio/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, REQUEST_TIMEOUT_MS, reasonOr, reword, STALE_READ_PAUSES_MS, typedOnly } from './client';

const stubFetch = (answer: (url: string, init: RequestInit) => Promise<Response>) => {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

/** A server that never answers: the request ends only when its signal aborts it. */
const silentServer = () =>
  stubFetch((_url, init) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));

const failureOf = (call: Promise<unknown>): Promise<ApiError> =>
  call.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

const service = { id: 's1', name: 'Фон', description: '', price: 500, format: 'hall_rental' };

describe('the API client', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends JSON in the session and answers the body its contract schema parsed', async () => {
    const fetch = stubFetch(async () => Response.json({ success: true, data: [service], extra: 'dropped' }));
    await expect(callApi('POST', '/api/services', servicesResponseSchema, { body: { name: 'Фон' }, headers: { 'Idempotency-Key': 'k1' } })).resolves.toEqual({
      success: true,
      data: [service],
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/services');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Фон"}' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k1' });
  });

  it('asks a read marked stale again until it is not, and shows the last answer when it stays stale; a write is never repeated', async () => {
    vi.useFakeTimers();
    const stale = (name: string) => Response.json({ success: true, data: [{ ...service, name }] }, { headers: { 'X-Read-Stale': '1' } });
    const answers = [stale('старый'), Response.json({ success: true, data: [{ ...service, name: 'свежий' }] })];
    const fetch = stubFetch(async () => answers.shift()!);
    const fresh = callApi('GET', '/api/services', servicesResponseSchema);
    await vi.advanceTimersByTimeAsync(STALE_READ_PAUSES_MS[0]!);
    expect((await fresh).data[0]!.name).toBe('свежий');
    expect(fetch).toHaveBeenCalledTimes(2);

    const alwaysStale = stubFetch(async () => stale('старый'));
    const last = callApi('GET', '/api/services', servicesResponseSchema);
    await vi.advanceTimersByTimeAsync(STALE_READ_PAUSES_MS.reduce((a, b) => a + b));
    expect((await last).data[0]!.name).toBe('старый');
    expect(alwaysStale).toHaveBeenCalledTimes(1 + STALE_READ_PAUSES_MS.length);

    const write = stubFetch(async () => stale('записано'));
    await callApi('POST', '/api/services', servicesResponseSchema, { body: { name: 'Фон' } });
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('gives up after its time-out without an answer', async () => {
    vi.useFakeTimers();
    silentServer();
    const failure = failureOf(callApi('GET', '/api/services', servicesResponseSchema));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void failure.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ status: 0, code: 'timeout', message: 'Превышено время ожидания', fromServer: false, unanswered: true });
  });

  it('tells the caller’s cancellation and a lost connection from a time-out', async () => {
    silentServer();
    const controller = new AbortController();
    const cancelled = failureOf(callApi('GET', '/api/services', servicesResponseSchema, { signal: controller.signal }));
    controller.abort();
    expect(await cancelled).toMatchObject({ status: 0, code: 'aborted' });

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(callApi('GET', '/api/services', servicesResponseSchema))).toMatchObject({ status: 0, code: 'network', message: 'Нет связи с сервером' });
  });

  it('carries the server’s error body: status, code, field, message and details', async () => {
    stubFetch(async () =>
      Response.json({ success: false, error: 'contact.email: Введите корректный email', code: 'validation', field: 'contact.email', details: { max: 100 } }, { status: 400 }),
    );
    const error = await failureOf(callApi('POST', '/api/bookings/intent', servicesResponseSchema, { body: {} }));
    expect(error).toMatchObject({ status: 400, code: 'validation', field: 'contact.email', message: 'contact.email: Введите корректный email', fromServer: true, details: { max: 100 } });
    expect(error.atField).toBe('Введите корректный email');
    expect(reasonOr(error, 'Не удалось')).toBe('contact.email: Введите корректный email');
  });

  it('names a refusal without an error body by its status', async () => {
    stubFetch(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await failureOf(callApi('GET', '/api/services', servicesResponseSchema));
    expect(error).toMatchObject({ status: 502, code: 'unreadable_refusal', message: 'Ошибка сервера: 502', fromServer: false });
    expect(reasonOr(error, 'Ошибка загрузки')).toBe('Ошибка загрузки');
  });

  it('shows the server’s outage message (503 unavailable) through a screen’s rewording', async () => {
    stubFetch(async () => Response.json({ success: false, error: UNAVAILABLE_MESSAGE, code: 'unavailable' }, { status: 503, headers: { 'Retry-After': '5' } }));
    const error = await failureOf(callApi('GET', '/api/services', servicesResponseSchema).catch(reword(() => 'Ошибка загрузки услуг')));
    expect(error).toMatchObject({ status: 503, code: 'unavailable', message: UNAVAILABLE_MESSAGE, fromServer: true });
  });

  it('refuses a 2xx answer that is not what its contract says', async () => {
    stubFetch(async () => Response.json({ success: true, data: [{ ...service, price: 'пятьсот' }] }));
    expect(await failureOf(callApi('GET', '/api/services', servicesResponseSchema))).toMatchObject({ status: 200, code: 'bad_answer', message: 'Неверный формат ответа', fromServer: false });

    stubFetch(async () => new Response('not json'));
    expect(await failureOf(callApi('GET', '/api/services', servicesResponseSchema))).toMatchObject({ status: 200, code: 'bad_answer' });

    stubFetch(async () => Response.json({ success: false, error: 'Неверная дата', code: 'validation' }));
    expect(await failureOf(callApi('GET', '/api/services', servicesResponseSchema))).toMatchObject({ status: 200, code: 'validation', message: 'Неверная дата', fromServer: true });
  });

  it('checks only the envelope of a typed-only answer', async () => {
    const answer = { success: true, data: [{ ...service, price: 'пятьсот' }] };
    stubFetch(async () => Response.json(answer));
    await expect(callApi('GET', '/api/services', typedOnly<ServicesResponse>())).resolves.toEqual(answer);

    stubFetch(async () => new Response('<html>'));
    expect(await failureOf(callApi('GET', '/api/services', typedOnly<ServicesResponse>()))).toMatchObject({ status: 200, code: 'bad_answer' });
  });

  it('rewords a failure for its screen, keeping what the server said of it', async () => {
    stubFetch(async () => Response.json({ success: false, error: 'Недостаточно прав', code: 'forbidden' }, { status: 403 }));
    const error = await failureOf(callApi('GET', '/api/services', servicesResponseSchema).catch(reword((failure) => `Ошибка загрузки услуг: ${failure.message}`)));
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Ошибка загрузки услуг: Недостаточно прав', fromServer: true });
  });
});
