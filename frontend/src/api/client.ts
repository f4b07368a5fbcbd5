import { READ_STALE_HEADER, type ErrorBody } from '@studio/domain';

/** Same origin in production; a build may point elsewhere with VITE_API_BASE. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** Every call gives up after this long without its answer (an upload: without a byte moving). */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Pauses before asking a stale read again (READ_STALE_HEADER); the last stale answer is shown as it is. */
export const STALE_READ_PAUSES_MS = [250, 1_000];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The code of the APIs' 503 while the database or the job queue is down (UNAVAILABLE_MESSAGE). Its
 * message is shown as it is, whatever a screen words its other failures as: "try again in a few
 * seconds" is what the visitor can do about it.
 */
const UNAVAILABLE = 'unavailable';

/**
 * What the client itself names, where no error body of the server's did: no answer came
 * (`network`, `timeout`, or the caller's `aborted`), a refusal came without an error body
 * (`unreadable_refusal`: a proxy's page), or a 2xx answer is not what its contract says (`bad_answer`).
 */
const CLIENT_FAILURES = {
  network: () => 'Нет связи с сервером',
  timeout: () => 'Превышено время ожидания',
  aborted: () => 'Запрос отменён',
  unreadable_refusal: (status: number) => `Ошибка сервера: ${status}`,
  bad_answer: () => 'Неверный формат ответа',
} as const;
type ClientFailure = keyof typeof CLIENT_FAILURES;

/**
 * The one error every call fails with. `status` is 0 when no answer came. `code`, `field` and
 * `message` are the server's error body's (`{success: false, error, code, field?}`) when it sent
 * one (`fromServer`), else `code` is a ClientFailure and `message` says it in Russian.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly field: string | undefined;
  /** What the client needs to act on the refusal, e.g. `{ currentPrice }` with `price_changed`. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fromServer: boolean,
    extra: Pick<ErrorBody, 'field' | 'details'> = {},
  ) {
    super(message);
    this.field = extra.field;
    this.details = extra.details;
  }

  static refused(status: number, body: ErrorBody): ApiError {
    return new ApiError(status, body.code, body.error, true, body);
  }

  static failed(status: number, failure: ClientFailure): ApiError {
    return new ApiError(status, failure, CLIENT_FAILURES[failure](status), false);
  }

  /** No answer came: offline, refused connection, timed out, or cancelled. */
  get unanswered(): boolean {
    return this.status === 0;
  }

  /** The reason alone, for showing at its field: the API's edge writes "{field}: {reason}". */
  get atField(): string {
    const prefix = `${this.field}: `;
    return this.field && this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }

  /** The same failure in a screen's words (its spec's message for it); an outage keeps its own. */
  worded(message: string): ApiError {
    if (this.code === UNAVAILABLE) return this;
    return new ApiError(this.status, this.code, message, this.fromServer, this);
  }
}

/** The server's reason for a failed call when it gave one, else the screen's `fallback`. */
export const reasonOr = (error: unknown, fallback: string): string => (error instanceof ApiError && error.fromServer ? error.message : fallback);

/**
 * Rewords a failed call for its screen: `.catch(reword((error) => …))`. Anything that is not an
 * ApiError (a bug) goes on as it is.
 */
export const reword =
  (word: (error: ApiError) => string) =>
  (error: unknown): never => {
    throw error instanceof ApiError ? error.worded(word(error)) : error;
  };

/** What an answer is read with: its contract schema (domain/src/contracts/http), or `typedOnly`. */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * An answer typed by its contract but not parsed: only its `{success: true}` envelope is checked.
 * For the public pages' reads alone, so their first load carries no answer schemas (the booking
 * page's time to an interactive calendar is what the site is judged by); every other call parses.
 */
export const typedOnly = <T extends { success: true }>(): AnswerSchema<T> => ({
  safeParse: (value) => (typeof value === 'object' && value !== null && 'success' in value && value.success === true ? { success: true, data: value as T } : { success: false }),
});

interface CallOptions {
  /** Sent as JSON. */
  body?: object | undefined;
  headers?: Record<string, string> | undefined;
  /** The caller's cancellation (react-query's). */
  signal?: AbortSignal | undefined;
}

/**
 * The error body's contract, loaded with the first answer that is no success: zod and the schema
 * stay out of the public pages' first load (docs/performance.md).
 */
const errorBodySchema = () => import('./error-body').then((module) => module.errorBodySchema);

/** A refusal's ApiError: the server's error body when it sent one, else `failure`. */
export async function refusalOf(status: number, body: unknown, failure: ClientFailure = 'unreadable_refusal'): Promise<ApiError> {
  // Without the schema (its chunk did not load) the body cannot be read: the status still says what happened.
  const refusal = (await errorBodySchema().catch(() => undefined))?.safeParse(body);
  return refusal?.success ? ApiError.refused(status, refusal.data) : ApiError.failed(status, failure);
}

/**
 * The one way the site calls its API: in the visitor's session (its cookies go along), JSON both
 * ways, the answer parsed by its contract `schema` (domain/src/contracts/http). Fails with an
 * ApiError only; gives up after REQUEST_TIMEOUT_MS.
 */
export async function callApi<T>(method: Method, path: string, schema: AnswerSchema<T>, { body, headers = {}, signal }: CallOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  let status = 0;
  let answer: unknown = null;
  try {
    const send = () =>
      fetch(`${API_BASE}${path}`, {
        method,
        credentials: 'include',
        // A write says its body is JSON even without one: the API refuses a POST that does not, as a page of another site could send it.
        headers: { Accept: 'application/json', ...(method !== 'GET' ? { 'Content-Type': 'application/json' } : {}), ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
      });
    let response = await send();
    // A read marked stale may miss the visitor's own last write (its projection was behind past the
    // reads' bound): asked again a little later, within the same time-out, it shows it.
    for (const pause of STALE_READ_PAUSES_MS) {
      if (method !== 'GET' || !response.ok || !response.headers.has(READ_STALE_HEADER)) break;
      await new Promise((resolve) => setTimeout(resolve, pause));
      response = await send();
    }
    // A body cut off by the time-out is no answer; one that is not JSON is read as none.
    answer = await response.json().catch((error: unknown) => {
      if (controller.signal.aborted) throw error;
      return null;
    });
    status = response.status;
    if (!response.ok) throw await refusalOf(status, answer);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw ApiError.failed(0, signal?.aborted ? 'aborted' : controller.signal.aborted ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  // A 2xx answer that is not the contract's may still be an error body (`success: false`).
  throw await refusalOf(status, answer, 'bad_answer');
}
