import type { RequestHandler } from 'express';
import { newestPosition, positionSchema, READ_POSITION_COOKIE, READ_POSITION_COOKIE_MAX_AGE_MS, readPositionCookieOf } from '@studio/domain';

/** The event-store position a 2xx JSON answer says it wrote, or none. */
const writtenPosition = (status: number, body: unknown): string | undefined => {
  if (status < 200 || status >= 300 || typeof body !== 'object' || body === null) return undefined;
  const parsed = positionSchema.safeParse((body as { position?: unknown }).position);
  return parsed.success ? parsed.data : undefined;
};

/**
 * Reads follow writes for every client that keeps cookies: a 2xx answer that carries the
 * `position` it wrote hands it to the client in the `read_position` cookie as well, and query-api
 * waits for it on the client's next reads. It wraps `res.json` once for the whole app, so every
 * write route (the command helper or a hand-written one) records its position without knowing.
 *
 * The newer of the cookie the client sent and this answer's position is kept: a repeated command
 * that wrote nothing answers its stream's older position, which must not undo a later write's.
 */
export const readPositionCookie: RequestHandler = (req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    const written = writtenPosition(res.statusCode, body);
    if (written !== undefined) {
      const position = newestPosition(readPositionCookieOf(req.cookies), written)!;
      res.cookie(READ_POSITION_COOKIE, position, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/api', maxAge: READ_POSITION_COOKIE_MAX_AGE_MS });
    }
    return json(body);
  };
  next();
};
