import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { DomainError } from '@studio/domain';
import { defineSessionStore } from './session-store';

/**
 * A customer's sessions, as command-api's accounts feature writes them and any service reads them
 * to know who calls.
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
/** The httpOnly cookie that carries the token. */
export const SESSION_COOKIE = 'session';

/**
 * SameSite=Lax: the payment provider sends the customer back to the site with a top-level
 * navigation from its own domain, and the payment result page must still know who they are.
 */
export const customerSessions = defineSessionStore({ table: SESSIONS_TABLE, cookie: SESSION_COOKIE, subjectColumn: 'customer_id', withRole: false, sameSite: 'lax', days: 30 });

/** The session token the request's cookie carries, if it has the shape of one. */
export const sessionTokenOf = (req: IncomingMessage): string | null => customerSessions.tokenOf(req);

/** The customer whose live session (not revoked, not expired) the request's cookie carries; null for anyone else. */
export async function sessionCustomerOf(pool: pg.Pool, req: IncomingMessage): Promise<string | null> {
  return (await customerSessions.sessionOf(pool, req))?.subjectId ?? null;
}

export const notSignedIn = () => new DomainError('unauthorized', 'not_signed_in', 'Войдите в аккаунт');

/** The calling customer, or the 401 for a caller without a live session. */
export async function requireSessionCustomer(pool: pg.Pool, req: IncomingMessage): Promise<string> {
  const customerId = await sessionCustomerOf(pool, req);
  if (!customerId) throw notSignedIn();
  return customerId;
}
