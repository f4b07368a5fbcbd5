import type pg from 'pg';
import type { OutboxAttachment, OutboxChannel, OutboxMessage } from '@studio/domain';

/**
 * What the SMS and mail sandboxes "sent": one row per message, for the development page
 * (GET /api/dev/outbox) and for tests to read. The dedupe key is unique, so a message sent again
 * under its key is still one row.
 */
export const SANDBOX_OUTBOX_DDL = `CREATE TABLE IF NOT EXISTS sandbox_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CONSTRAINT sandbox_outbox_channel_check CHECK (channel IN ('sms', 'email', 'telegram')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  dedupe_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  attachments jsonb
)`;

/**
 * A table made before the Telegram sandbox and e-mail attachments (docs/notifications.md) allows only
 * sms and email and has no attachments: brought up to date in one statement, so processes starting
 * together cannot leave it without its check.
 */
export const SANDBOX_OUTBOX_UPGRADE_DDL = `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'sandbox_outbox'::regclass AND attname = 'attachments' AND NOT attisdropped) THEN
    ALTER TABLE sandbox_outbox ADD COLUMN IF NOT EXISTS attachments jsonb;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'sandbox_outbox'::regclass AND conname = 'sandbox_outbox_channel_check' AND pg_get_constraintdef(oid) NOT LIKE '%telegram%') THEN
    ALTER TABLE sandbox_outbox DROP CONSTRAINT sandbox_outbox_channel_check,
      ADD CONSTRAINT sandbox_outbox_channel_check CHECK (channel IN ('sms', 'email', 'telegram'));
  END IF;
END $$`;

export interface OutboxRow {
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  dedupeKey: string;
  attachments?: readonly OutboxAttachment[];
}

/** Records a message as sent; a repeat of its dedupe key records nothing. */
export async function recordInSandboxOutbox(pool: pg.Pool, row: OutboxRow): Promise<void> {
  await pool.query(
    `INSERT INTO sandbox_outbox (channel, recipient, subject, body, dedupe_key, attachments) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (dedupe_key) DO NOTHING`,
    [row.channel, row.recipient, row.subject, row.body, row.dedupeKey, row.attachments ? JSON.stringify(row.attachments) : null],
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
  const { rows } = await pool.query<{ id: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string; created_at: Date; attachments: OutboxAttachment[] | null }>(
    `SELECT id, channel, recipient, subject, body, created_at, attachments FROM sandbox_outbox
      WHERE ($1::text IS NULL OR channel = $1)
        AND ($2::text = '' OR lower(recipient) = lower($2) OR ($3::text <> '' AND regexp_replace(recipient, '\\D', '', 'g') = $3))
      ORDER BY id DESC LIMIT $4`,
    [filter.channel ?? null, to, to.includes('@') ? '' : digits, filter.limit ?? 200],
  );
  return rows.map(({ attachments, ...row }) => ({ ...row, id: String(row.id), created_at: row.created_at.toISOString(), ...(attachments ? { attachments } : {}) }));
}
