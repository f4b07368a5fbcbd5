import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { DomainError } from '@studio/domain';

/** Who the event metadata names as the author of a write made with the staff token. */
export const STAFF_TOKEN_ACTOR = 'staff:api-token';

// SHA-256 digests are always 32 bytes: timingSafeEqual gets equal-length buffers, and a guess of
// the wrong length is refused in the same time as any other, so the token's length does not leak.
const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

function bearerOf(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1];
}

/**
 * Whether a request proves it comes from staff: `Authorization: Bearer <token>` with the
 * configured token. Without a configured token nobody is staff.
 */
export function staffRecogniser(token: string | undefined): (req: Request) => boolean {
  if (!token) return () => false;
  const expected = digest(token);
  return (req) => {
    const presented = bearerOf(req.get('authorization'));
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}

/**
 * Lets a request through only when it comes from staff. Without a configured token every guarded
 * write is forbidden: a deployment that forgot the setting stays closed rather than open.
 */
export function requireStaff(token: string | undefined): RequestHandler {
  if (!token) {
    return (_req, _res, next) => next(new DomainError('forbidden', 'forbidden', 'Изменять каталог могут только сотрудники'));
  }
  const isStaff = staffRecogniser(token);
  return (req, res, next) => {
    if (isStaff(req)) {
      res.locals.actor = STAFF_TOKEN_ACTOR;
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Bearer');
    next(new DomainError('unauthorized', 'unauthorized', 'Нужна авторизация сотрудника'));
  };
}
