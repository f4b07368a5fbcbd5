/**
 * The one error type the domain and the HTTP edge throw. The edge (platform/src/http) maps `kind`
 * to an HTTP status in one place; `message` is Russian and shown to users as is.
 */
export type DomainErrorKind = 'validation' | 'conflict' | 'not_found' | 'forbidden' | 'unauthorized' | 'rate_limited';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
