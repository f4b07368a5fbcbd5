import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * A guest's browser identity until accounts exist: a random token in an httpOnly cookie, which
 * command-api gives a browser on its first hold or checkout and query-api reads (both apps parse
 * cookies with cookie-parser) to tell that browser which calendar cells are its own.
 */
export const VISITOR_COOKIE = 'visitor';

/** 32 random bytes as unpadded base64url; anything else in the cookie is junk and ignored. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function visitorTokenOf(req: Request): string | undefined {
  const token: unknown = req.cookies?.[VISITOR_COOKIE];
  return typeof token === 'string' && TOKEN.test(token) ? token : undefined;
}

/**
 * What the read models keep of a token: its SHA-256 (hex). A leaked read model or event never
 * yields a cookie that passes for its browser; 256 random bits need no salt.
 */
const visitorKey = (token: string) => createHash('sha256').update(token).digest('hex');

/** The visitor key of the browser behind `req`, if it presents a well-formed cookie. */
export function visitorKeyOf(req: Request): string | undefined {
  const token = visitorTokenOf(req);
  return token === undefined ? undefined : visitorKey(token);
}

/**
 * The visitor key of the browser behind `req`, giving it a cookie first when it has none (or
 * junk). Secure when the request came over https: `req.secure` believes the gateway's
 * X-Forwarded-Proto through the app's `trust proxy`.
 */
export function issueVisitor(req: Request, res: Response): string {
  const known = visitorTokenOf(req);
  if (known !== undefined) return visitorKey(known);
  const token = randomBytes(32).toString('base64url');
  res.cookie(VISITOR_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: YEAR_MS });
  return visitorKey(token);
}
