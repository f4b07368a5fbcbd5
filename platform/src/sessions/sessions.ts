import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';
import type pg from 'pg';
import { DomainError } from '@studio/domain';

/**
 * A customer's sessions, as command-api's accounts feature writes them (it owns the DDL) and any
 * service reads them to know who calls. Only the SHA-256 of a token is stored: a leaked table
 * opens no session.
 */
export interface SessionsTable {
  token_hash: string;
  customer_id: string;
  created_at: Date;
  expires_at: Date;
  /** Set on logout (and, for all of a customer's sessions, on a password change); a revoked session never comes back. */
  revoked_at: Date | null;
}

export const SESSIONS_TABLE = 'sessions';
/** The httpOnly, SameSite=Lax cookie that carries the token. */
export const SESSION_COOKIE = 'session';

/** base64url of 32 random bytes; anything else is no token of ours and is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The session token the request's cookie carries, if it has the shape of one. */
export function sessionTokenOf(req: IncomingMessage): string | null {
  const token = parse(req.headers.cookie ?? '')[SESSION_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

/** The customer whose live session (not revoked, not expired) the request's cookie carries; null for anyone else. */
export async function sessionCustomerOf(pool: pg.Pool, req: IncomingMessage): Promise<string | null> {
  const token = sessionTokenOf(req);
  if (!token) return null;
  const { rows } = await pool.query<{ customer_id: string }>(
    `SELECT customer_id FROM ${SESSIONS_TABLE} WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashSessionToken(token)],
  );
  return rows[0]?.customer_id ?? null;
}

export const notSignedIn = () => new DomainError('unauthorized', 'not_signed_in', 'Войдите в аккаунт');

/** The calling customer, or the 401 for a caller without a live session. */
export async function requireSessionCustomer(pool: pg.Pool, req: IncomingMessage): Promise<string> {
  const customerId = await sessionCustomerOf(pool, req);
  if (!customerId) throw notSignedIn();
  return customerId;
}
