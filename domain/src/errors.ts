/**
 * The one error type the domain and the HTTP edge throw. The edge (platform/src/http) maps `kind`
 * to an HTTP status in one place; `message` is Russian and shown to users as is.
 */
export type DomainErrorKind = 'validation' | 'conflict' | 'not_found' | 'forbidden' | 'unauthorized' | 'too_large' | 'unsupported_media_type' | 'rate_limited' | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** What the client needs to act on the refusal (e.g. the current price), sent as the body's `details`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** What the site says while the database or the job queue does not answer (a 503 `unavailable`), on the server and in the browser alike. */
export const UNAVAILABLE_MESSAGE = 'Сервис временно недоступен. Повторите попытку через несколько секунд';

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
