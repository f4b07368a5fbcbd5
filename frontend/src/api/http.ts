import { errorBodySchema } from '@studio/domain';

/** Same origin in production; a build may point elsewhere with VITE_API_BASE. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export const REQUEST_TIMEOUT_MS = 10_000;

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** GET a JSON document; aborts after 10 s and joins the caller's abort signal (react-query's). */
export async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) throw new HttpError(response.status);
    return await response.json();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** What a JSON call answered: its status, and its body parsed (null when it was not JSON). */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * A call in the visitor's session (its cookies go along), JSON both ways, given up after 10 s or
 * with the caller's signal. A write says its body is JSON even without one: the API refuses a POST
 * that does not, as a page of another site could send it. Rejects only when no answer came
 * (offline, timed out): each caller says that in its own words.
 */
export async function requestJson(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  { body, headers = {}, signal }: { body?: object | undefined; headers?: Record<string, string>; signal?: AbortSignal | undefined } = {},
): Promise<JsonAnswer> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...(method !== 'GET' ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return { status: response.status, ok: response.ok, body: await response.json().catch(() => null) };
}

/** The server's reason for a refusal ({success: false, error}), else `fallback`. */
export function refusalText(body: unknown, fallback: string): string {
  const refusal = errorBodySchema.safeParse(body);
  return refusal.success && refusal.data.error ? refusal.data.error : fallback;
}
