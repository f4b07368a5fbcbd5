import type pg from 'pg';
import type { OutboxChannel } from '@studio/domain';
import { SANDBOX_OUTBOX_DDL } from './sandbox-outbox';

/** A message an SMS or mail port carries; `dedupeKey` names it, so it goes out at most once. */
export interface Outgoing {
  to: string;
  dedupeKey: string;
}

/** An adapter of the SMS or mail port: hands one message to the provider, or throws. */
export interface MessageSender<Message extends Outgoing> {
  send(message: Message): Promise<void>;
}

/**
 * Thrown by an adapter when the provider gave no answer (a timeout, a dropped connection after the
 * request went out): the message may or may not have gone. Any other error means it did not.
 */
export class DeliveryOutcomeUnknown extends Error {}

export type DeliveryResult = 'sent' | 'already_sent' | 'outcome_unknown';

/** A port that sends each dedupe key at most once, and tells whether a key was sent. */
export interface OnceSender<Message extends Outgoing> {
  send(message: Message): Promise<DeliveryResult>;
  /** Whether a message under this key went out (or began to, with no answer). */
  wasSent(dedupeKey: string): Promise<boolean>;
}

const LEDGER_DDL = `CREATE TABLE IF NOT EXISTS message_deliveries (
  dedupe_key text PRIMARY KEY,
  channel text NOT NULL,
  state text NOT NULL CHECK (state IN ('sending', 'sent', 'outcome_unknown')),
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/** The delivery ledger and the sandbox outbox (prepare step, workers, command-api and query-api at start; idempotent). */
export async function ensureMessagingTables(pool: pg.Pool): Promise<void> {
  await pool.query(LEDGER_DDL);
  await pool.query(SANDBOX_OUTBOX_DDL);
}

/**
 * Wraps an adapter so that a message goes out at most once per dedupe key, across retries, crashes
 * and several worker processes. The key is claimed in `message_deliveries` before the provider is
 * asked: a second sender finds it claimed and sends nothing. A refusal (the provider answered
 * "not sent", or could not be reached) gives the claim back and throws, so the caller retries; an
 * answer that never came keeps it, since sending again could deliver twice. The ledger holds keys
 * and states only, never a message's text.
 */
export async function sendingOnce<Message extends Outgoing>(
  pool: pg.Pool,
  channel: OutboxChannel,
  adapter: MessageSender<Message>,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<OnceSender<Message>> {
  await ensureMessagingTables(pool);
  return {
    async send(message) {
      const claimed = await pool.query(
        `INSERT INTO message_deliveries (dedupe_key, channel, state) VALUES ($1, $2, 'sending') ON CONFLICT (dedupe_key) DO NOTHING`,
        [message.dedupeKey, channel],
      );
      if (!claimed.rowCount) return 'already_sent';
      try {
        await adapter.send(message);
      } catch (error) {
        if (error instanceof DeliveryOutcomeUnknown) {
          await pool.query(`UPDATE message_deliveries SET state = 'outcome_unknown', updated_at = now() WHERE dedupe_key = $1`, [message.dedupeKey]);
          warn(`[${channel}] ${message.dedupeKey}: the provider gave no answer (${error.message}); not sent again, so it may not have arrived`);
          return 'outcome_unknown';
        }
        await pool.query(`DELETE FROM message_deliveries WHERE dedupe_key = $1`, [message.dedupeKey]);
        throw error;
      }
      await pool.query(`UPDATE message_deliveries SET state = 'sent', updated_at = now() WHERE dedupe_key = $1`, [message.dedupeKey]);
      return 'sent';
    },
    async wasSent(dedupeKey) {
      const { rowCount } = await pool.query(`SELECT 1 FROM message_deliveries WHERE dedupe_key = $1`, [dedupeKey]);
      return Boolean(rowCount);
    },
  };
}
