import { DomainError, UNAVAILABLE_MESSAGE } from '@studio/domain';
/** When a client should try again: an outage is noticed within a second, and a restart takes a few. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** A part the request needs (the database, the job queue) does not answer: 503 `unavailable` with Retry-After. */
export class UnavailableError extends DomainError {
  constructor(
    message = UNAVAILABLE_MESSAGE,
    readonly retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS,
  ) {
    super('unavailable', 'unavailable', message);
  }
}

/** Node's socket errors that mean the server is not there or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * Postgres SQLSTATEs of a server that is going or not there yet: class 08 (connection exception),
 * admin/crash shutdown and "starting up" (57P01–57P03), and too many connections (53300).
 */
const POSTGRES_CODES = /^(08...|57P0[123]|53300)$/;
/** What node-postgres raises without a code when a connection ends or cannot be had in time. */
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error` (or what caused it, or one of an AggregateError's) says the database could not
 * be reached, rather than that a query was wrong: such a request may succeed once it is back.
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isConnectionFailure(e, depth + 1))) return true;
  return isConnectionFailure(cause, depth + 1);
}
