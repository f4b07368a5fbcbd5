import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, isDomainError, type DomainErrorKind, type ErrorBody } from '@studio/domain';
import { ConcurrencyError } from '../eventstore/types';
import { isConnectionFailure, UnavailableError } from './unavailable';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export const INTERNAL_ERROR_MESSAGE = 'Внутренняя ошибка сервера';
export const NOT_FOUND_MESSAGE = 'Не найдено';

/** A client asked too often; `retryAfterSeconds` tells it when the window reopens. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', 'rate_limited', message);
  }
}

/** Express and body-parser raise http-errors style objects (bad JSON, an undecodable URL): the client's fault. */
interface ClientHttpError {
  status: number;
  type?: string;
}
const isClientHttpError = (e: unknown): e is ClientHttpError => {
  const status = typeof e === 'object' && e !== null ? (e as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export interface HttpAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/** The one place where a thrown error becomes an HTTP answer. */
export function toHttpError(error: unknown): HttpAnswer {
  // The database went away under the request: it may succeed once it is back, so a 503 that says when.
  if (isConnectionFailure(error)) return toHttpError(new UnavailableError());
  if (isDomainError(error)) {
    const body: ErrorBody = {
      success: false,
      error: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      ...(error.details ? { details: error.details } : {}),
    };
    const headers = error instanceof RateLimitedError || error instanceof UnavailableError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined;
    return { status: STATUS_BY_KIND[error.kind], body, ...(headers ? { headers } : {}) };
  }
  if (error instanceof ConcurrencyError) {
    return { status: 409, body: { success: false, error: 'Данные изменились одновременно с вашим запросом, повторите попытку', code: 'concurrent_update' } };
  }
  if (isClientHttpError(error)) {
    if (error.type === 'entity.parse.failed') return { status: 400, body: { success: false, error: 'body: некорректный JSON', code: 'bad_request', field: 'body' } };
    if (error.type === 'entity.too.large') return { status: 413, body: { success: false, error: 'body: слишком большой запрос', code: 'payload_too_large', field: 'body' } };
    if (error.status === 404) return { status: 404, body: { success: false, error: NOT_FOUND_MESSAGE, code: 'not_found' } };
    return { status: 400, body: { success: false, error: 'Некорректный запрос', code: 'bad_request' } };
  }
  return { status: 500, body: { success: false, error: INTERNAL_ERROR_MESSAGE, code: 'internal' } };
}

export interface ErrorLogger {
  error(message: string, error: unknown): void;
}

/** The last middleware of every API: the answer from toHttpError; server faults are logged, never sent. */
export function errorHandler(service: string, logger: ErrorLogger = console): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, body, headers } = toHttpError(error);
    if (status >= 500) logger.error(`[${service}] ${req.method} ${req.originalUrl} failed`, error);
    if (headers) res.set(headers);
    res.status(status).json(body);
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, error: NOT_FOUND_MESSAGE, code: 'route_not_found' } satisfies ErrorBody);
};
