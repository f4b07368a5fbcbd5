import type pg from 'pg';
import type { OutboxChannel, OutboxMessage } from '@studio/domain';

/**
 * What the SMS and mail sandboxes "sent": one row per message, for the development page
 * (GET /api/dev/outbox) and for tests to read. The dedupe key is unique, so a message sent again
 * under its key is still one row.
 */
export const SANDBOX_OUTBOX_DDL = `CREATE TABLE IF NOT EXISTS sandbox_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  dedupe_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

export interface OutboxRow {
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  dedupeKey: string;
}

/** Records a message as sent; a repeat of its dedupe key records nothing. */
export async function recordInSandboxOutbox(pool: pg.Pool, row: OutboxRow): Promise<void> {
  await pool.query(
    `INSERT INTO sandbox_outbox (channel, recipient, subject, body, dedupe_key) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (dedupe_key) DO NOTHING`,
    [row.channel, row.recipient, row.subject, row.body, row.dedupeKey],
  );
}

/** Whether the sandbox "sent" a message under this dedupe key: the sandbox's status check by our own key. */
export async function inSandboxOutbox(pool: pg.Pool, dedupeKey: string): Promise<boolean> {
  const { rowCount } = await pool.query(`SELECT 1 FROM sandbox_outbox WHERE dedupe_key = $1`, [dedupeKey]);
  return Boolean(rowCount);
}

export interface OutboxFilter {
  channel?: OutboxChannel | undefined;
  /** A phone (any spelling: its digits are compared) or an e-mail address (case-insensitive). */
  to?: string | undefined;
  limit?: number;
}

/** The sandbox's messages, newest first. */
export async function readSandboxOutbox(pool: pg.Pool, filter: OutboxFilter = {}): Promise<OutboxMessage[]> {
  const to = filter.to?.trim() ?? '';
  const digits = to.replace(/\D/g, '');
  const { rows } = await pool.query<{ id: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string; created_at: Date }>(
    `SELECT id, channel, recipient, subject, body, created_at FROM sandbox_outbox
      WHERE ($1::text IS NULL OR channel = $1)
        AND ($2::text = '' OR lower(recipient) = lower($2) OR ($3::text <> '' AND regexp_replace(recipient, '\\D', '', 'g') = $3))
      ORDER BY id DESC LIMIT $4`,
    [filter.channel ?? null, to, to.includes('@') ? '' : digits, filter.limit ?? 200],
  );
  return rows.map((row) => ({ ...row, id: String(row.id), created_at: row.created_at.toISOString() }));
}
