import type { ErrorRequestHandler, RequestHandler } from 'express';

/**
 * The one error type handlers throw. Its status is the HTTP status; its message is Russian and
 * goes to the client as is, so it must never carry internals.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);

export const NOT_FOUND_MESSAGE = 'Не найдено';
export const INTERNAL_ERROR_MESSAGE = 'Внутренняя ошибка сервера';
const MALFORMED_REQUEST_MESSAGE = 'Некорректный запрос';

export interface ErrorLogger {
  error(message: string, error: unknown): void;
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, error: NOT_FOUND_MESSAGE });
};

/** Express itself raises http-errors style objects (e.g. a URL it cannot decode): 4xx, no message of ours. */
function clientStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** The only place an error becomes an HTTP answer. */
export function errorHandler(logger: ErrorLogger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) {
      res.status(error.status).json({ success: false, error: error.message, ...(error.field ? { field: error.field } : {}) });
      return;
    }
    const clientStatus = clientStatusOf(error);
    if (clientStatus !== undefined) {
      res.status(clientStatus).json({ success: false, error: clientStatus === 404 ? NOT_FOUND_MESSAGE : MALFORMED_REQUEST_MESSAGE });
      return;
    }
    logger.error(`${req.method} ${req.originalUrl} failed`, error);
    res.status(500).json({ success: false, error: INTERNAL_ERROR_MESSAGE });
  };
}
