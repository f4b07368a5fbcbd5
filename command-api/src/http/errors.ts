import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError, type DomainErrorKind } from '@studio/domain';
import { ConcurrencyError } from '@studio/platform';

export interface ErrorBody {
  success: false;
  error: string;
  code?: string;
  field?: string;
}

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/** A client asked too often; `retryAfterSeconds` tells it when the window reopens. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Body-parser marks its own failures with `type`; malformed JSON must read as the client's fault. */
interface BodyParserError {
  type: string;
  status: number;
}
const isBodyParserError = (e: unknown): e is BodyParserError =>
  typeof e === 'object' && e !== null && typeof (e as BodyParserError).type === 'string' && typeof (e as BodyParserError).status === 'number';

/** The one place where a thrown error becomes an HTTP answer. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (isDomainError(error)) {
    const body: ErrorBody = { success: false, error: error.message, code: error.code };
    if (error.field) body.field = error.field;
    return { status: STATUS_BY_KIND[error.kind], body };
  }
  if (error instanceof RateLimitedError) {
    return { status: 429, body: { success: false, error: error.message, code: 'rate_limited' }, headers: { 'Retry-After': String(error.retryAfterSeconds) } };
  }
  if (error instanceof ConcurrencyError) {
    return { status: 409, body: { success: false, error: 'Данные изменились одновременно с вашим запросом, повторите попытку', code: 'concurrent_update' } };
  }
  if (isBodyParserError(error) && error.status >= 400 && error.status < 500) {
    const malformed = error.type === 'entity.parse.failed';
    return {
      status: malformed ? 400 : error.status,
      body: { success: false, error: malformed ? 'body: некорректный JSON' : 'body: запрос не может быть обработан', code: 'bad_request', field: 'body' },
    };
  }
  return { status: 500, body: { success: false, error: 'Внутренняя ошибка сервера' } };
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const { status, body, headers } = toHttpError(error);
  if (status >= 500) console.error(`[command-api] ${req.method} ${req.originalUrl} failed`, error);
  if (headers) res.set(headers);
  res.status(status).json(body);
};

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, error: 'Маршрут не найден', code: 'route_not_found' } satisfies ErrorBody);
};
