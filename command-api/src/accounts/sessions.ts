import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { ensureTables, hashSessionToken, SESSION_COOKIE, SESSIONS_TABLE, sessionTokenOf } from '@studio/platform';

/** How long a login lasts; the cookie expires with it. */
export const SESSION_DAYS = 30;

/**
 * The sessions table (its row type is platform's SessionsTable, which readers use). Run by
 * scripts/prepare.ts and again at each start; the lock keeps instances starting together from
 * racing on CREATE TABLE IF NOT EXISTS.
 */
export async function ensureSessionsTable(pool: pg.Pool): Promise<void> {
  await ensureTables(pool, SESSIONS_TABLE, [
    `CREATE TABLE IF NOT EXISTS ${SESSIONS_TABLE} (
      token_hash text PRIMARY KEY,
      customer_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`,
    `CREATE INDEX IF NOT EXISTS ${SESSIONS_TABLE}_live_by_customer ON ${SESSIONS_TABLE} (customer_id) WHERE revoked_at IS NULL`,
  ]);
}

/**
 * Opens a session for `customerId` and hands its token to the browser as an httpOnly, SameSite=Lax
 * cookie, Secure when the request came over https (as the one trusted gateway hop reports it).
 * Sessions are wall-clock security, not business time: the database's clock dates them.
 */
export async function openSession(pool: pg.Pool, customerId: string, req: Request, res: Response): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await pool.query<{ expires_at: Date }>(
    `INSERT INTO ${SESSIONS_TABLE} (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3)) RETURNING expires_at`,
    [hashSessionToken(token), customerId, SESSION_DAYS],
  );
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', expires: rows[0]!.expires_at });
}

/** Ends the session the request carries, if any, and tells the browser to forget its cookie. */
export async function closeSession(pool: pg.Pool, req: Request, res: Response): Promise<void> {
  const token = sessionTokenOf(req);
  if (token) await pool.query(`UPDATE ${SESSIONS_TABLE} SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [hashSessionToken(token)]);
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}

/**
 * Every live session of a customer, revoked in one statement, except the one `keep` carries: a
 * password change signs the customer out everywhere but where they changed it.
 */
export async function revokeCustomerSessions(pool: pg.Pool, customerId: string, keep?: Request): Promise<number> {
  const kept = keep ? sessionTokenOf(keep) : null;
  const { rowCount } = await pool.query(`UPDATE ${SESSIONS_TABLE} SET revoked_at = now() WHERE customer_id = $1 AND revoked_at IS NULL AND token_hash IS DISTINCT FROM $2`, [
    customerId,
    kept && hashSessionToken(kept),
  ]);
  return rowCount ?? 0;
}
