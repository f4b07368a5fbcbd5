import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { ensureTables } from '../db';

/**
 * One kind of login's sessions: a table of SHA-256 hashes of random tokens (a leaked table opens no
 * session) and the httpOnly cookie that carries the token. Customers and staff each have one, with
 * their own table and cookie, so neither session ever passes for the other.
 */
export interface SessionKind {
  table: string;
  cookie: string;
  /** The column naming whose session it is (customer_id, staff_id). */
  subjectColumn: string;
  /** Whether a session also carries the role it was opened with. */
  withRole: boolean;
  sameSite: 'lax' | 'strict';
  /** How long a login lasts; the cookie expires with it. */
  days: number;
}

export interface LiveSession {
  subjectId: string;
  /** The role the session was opened with; null for a kind without roles. */
  role: string | null;
}

/** base64url of 32 random bytes; anything else is no token of ours and is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface SessionStore {
  readonly kind: SessionKind;
  /** The token the request's cookie carries, if it has the shape of one. */
  tokenOf(req: IncomingMessage): string | null;
  /** The live (not revoked, not expired) session the request's cookie carries; null for anyone else. */
  sessionOf(pool: pg.Pool, req: IncomingMessage): Promise<LiveSession | null>;
  /** The table; run before the services start and again at each start (idempotent, under a lock). */
  ensureTable(pool: pg.Pool): Promise<void>;
  /** A new session's token, stored as its hash; what a browser would hold in the cookie. */
  issue(pool: pg.Pool, subjectId: string, role?: string): Promise<{ token: string; expiresAt: Date }>;
  /**
   * Opens a session and hands its token to the browser as an httpOnly cookie, Secure when the
   * request came over https (as the one trusted gateway hop reports it).
   */
  open(pool: pg.Pool, subjectId: string, req: Request, res: Response, role?: string): Promise<void>;
  /** Ends the session the request carries, if any, and tells the browser to forget its cookie. */
  close(pool: pg.Pool, req: Request, res: Response): Promise<void>;
  /** Every live session of a subject revoked in one statement, except the one `keep` carries. */
  revokeAll(pool: pg.Pool, subjectId: string, keep?: IncomingMessage): Promise<number>;
}

/** Sessions are wall-clock security, not business time: the database's clock dates them. */
export function defineSessionStore(kind: SessionKind): SessionStore {
  const { table, cookie, subjectColumn, withRole, sameSite, days } = kind;
  const cookieOptions = (req: Request) => ({ httpOnly: true, sameSite, secure: req.secure, path: '/' });
  const tokenOf = (req: IncomingMessage): string | null => {
    const token = parse(req.headers.cookie ?? '')[cookie];
    return token && TOKEN_PATTERN.test(token) ? token : null;
  };
  const issue = async (pool: pg.Pool, subjectId: string, role?: string) => {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await pool.query<{ expires_at: Date }>(
      withRole
        ? `INSERT INTO ${table} (token_hash, ${subjectColumn}, expires_at, role) VALUES ($1, $2, now() + make_interval(days => $3), $4) RETURNING expires_at`
        : `INSERT INTO ${table} (token_hash, ${subjectColumn}, expires_at) VALUES ($1, $2, now() + make_interval(days => $3)) RETURNING expires_at`,
      [hashSessionToken(token), subjectId, days, ...(withRole ? [role] : [])],
    );
    return { token, expiresAt: rows[0]!.expires_at };
  };
  return {
    kind,
    tokenOf,
    async sessionOf(pool, req) {
      const token = tokenOf(req);
      if (!token) return null;
      const { rows } = await pool.query<{ subject: string; role: string | null }>(
        `SELECT ${subjectColumn} AS subject, ${withRole ? 'role' : 'NULL'} AS role FROM ${table} WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
        [hashSessionToken(token)],
      );
      const row = rows[0];
      return row ? { subjectId: row.subject, role: row.role } : null;
    },
    ensureTable: (pool) =>
      ensureTables(pool, table, [
        `CREATE TABLE IF NOT EXISTS ${table} (
          token_hash text PRIMARY KEY,
          ${subjectColumn} text NOT NULL,${withRole ? '\n          role text NOT NULL,' : ''}
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          revoked_at timestamptz
        )`,
        `CREATE INDEX IF NOT EXISTS ${table}_live_by_subject ON ${table} (${subjectColumn}) WHERE revoked_at IS NULL`,
      ]),
    issue,
    async open(pool, subjectId, req, res, role) {
      const { token, expiresAt } = await issue(pool, subjectId, role);
      res.cookie(cookie, token, { ...cookieOptions(req), expires: expiresAt });
    },
    async close(pool, req, res) {
      const token = tokenOf(req);
      if (token) await pool.query(`UPDATE ${table} SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [hashSessionToken(token)]);
      res.clearCookie(cookie, cookieOptions(req));
    },
    async revokeAll(pool, subjectId, keep) {
      const kept = keep ? tokenOf(keep) : null;
      const { rowCount } = await pool.query(`UPDATE ${table} SET revoked_at = now() WHERE ${subjectColumn} = $1 AND revoked_at IS NULL AND token_hash IS DISTINCT FROM $2`, [
        subjectId,
        kept && hashSessionToken(kept),
      ]);
      return rowCount ?? 0;
    },
  };
}
