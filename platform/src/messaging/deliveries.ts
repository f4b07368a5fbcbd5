import type pg from 'pg';
import { systemClock, type Clock, type OutboxChannel } from '@studio/domain';
import { ensureTables } from '../db';
import { SANDBOX_OUTBOX_DDL, SANDBOX_OUTBOX_UPGRADE_DDL } from './sandbox-outbox';

/** A message an SMS or mail port carries; `dedupeKey` names it, so it goes out once. */
export interface Outgoing {
  to: string;
  dedupeKey: string;
}

/** An adapter of the SMS or mail port: hands one message to the provider, or throws. */
export interface MessageSender<Message extends Outgoing> {
  send(message: Message): Promise<void>;
  /**
   * Whether the provider already holds a message under this dedupe key, for a provider that can be
   * asked by our own key (the sandbox outbox can; SMS.ru and SMTP cannot, so their adapters leave it
   * out). Asked before a claim abandoned by a crashed sender is sent again.
   */
  delivered?(dedupeKey: string): Promise<boolean>;
}

/**
 * Thrown by an adapter when the provider gave no answer (a timeout, a dropped connection after the
 * request went out): the message may or may not have gone. Any other error means it did not.
 */
export class DeliveryOutcomeUnknown extends Error {}

/**
 * Another sender claimed this key and is sending it, or crashed doing so: not sent now, so the
 * caller retries later; past the lease its claim is taken over.
 */
export class DeliveryInProgress extends Error {
  override readonly name = 'DeliveryInProgress';
}

export type DeliveryResult = 'sent' | 'already_sent' | 'outcome_unknown';

/** A port that sends each dedupe key once, and tells whether a key was sent. */
export interface OnceSender<Message extends Outgoing> {
  /** Throws DeliveryInProgress while another sender holds the key's claim within its lease. */
  send(message: Message): Promise<DeliveryResult>;
  /**
   * Whether a message under this key went out (or began to, with no answer). A claim within its
   * lease throws DeliveryInProgress; a claim past it is false, unless the provider says it has the
   * message, since the sender that claimed it crashed before it could tell.
   */
  wasSent(dedupeKey: string): Promise<boolean>;
}

export interface OnceSenderOptions {
  /**
   * How long a claim may stay `sending` before its sender is taken for dead and the message is sent
   * again; well above the longest a send may take (SMS.ru's 10 s time-out). Default 2 minutes.
   */
  leaseMs?: number;
  /** Dates each claim, and tells when a lease has run out. */
  clock?: Clock;
  warn?: (message: string) => void;
}

const DELIVERY_LEASE_MS = 2 * 60_000;

const LEDGER_DDL = `CREATE TABLE IF NOT EXISTS message_deliveries (
  dedupe_key text PRIMARY KEY,
  channel text NOT NULL,
  state text NOT NULL CHECK (state IN ('sending', 'sent', 'outcome_unknown')),
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

/**
 * The delivery ledger and the sandbox outbox (prepare step, workers, command-api and query-api at
 * start; idempotent), under the DDL advisory lock: the services start together, and the outbox's
 * upgrade (docs/notifications.md) must not run beside another's.
 */
export async function ensureMessagingTables(pool: pg.Pool): Promise<void> {
  await ensureTables(pool, 'messaging_tables', [LEDGER_DDL, SANDBOX_OUTBOX_DDL, SANDBOX_OUTBOX_UPGRADE_DDL]);
}

/**
 * Wraps an adapter so that a message goes out once per dedupe key, across retries, crashes and
 * several worker processes. The key is claimed in `message_deliveries` (`sending`) before the
 * provider is asked: a second sender finds it claimed and sends nothing. A refusal (the provider
 * answered "not sent", or could not be reached) gives the claim back and throws, so the caller
 * retries; an answer that never came keeps it (`outcome_unknown`), since sending again could
 * deliver twice. A claim still `sending` past its lease belongs to a sender that crashed between
 * the claim and the provider's answer: the next send takes it over, asks the provider whether it
 * has the message when the adapter can ask, and sends it if not. The ledger holds keys and states
 * only, never a message's text (the caller's retry brings the text again).
 */
export async function sendingOnce<Message extends Outgoing>(
  pool: pg.Pool,
  channel: OutboxChannel,
  adapter: MessageSender<Message>,
  options: OnceSenderOptions = {},
): Promise<OnceSender<Message>> {
  const { leaseMs = DELIVERY_LEASE_MS, clock = systemClock, warn = (message: string) => console.warn(message) } = options;
  await ensureMessagingTables(pool);
  /**
   * Records how a claim ended. `claimedAt` is the claim's own time: a sender slower than its lease,
   * whose claim another took over, changes nothing (unset: whoever holds it).
   */
  const settle = (dedupeKey: string, state: 'sent' | 'outcome_unknown', claimedAt?: Date) =>
    pool.query(`UPDATE message_deliveries SET state = $2, updated_at = $3 WHERE dedupe_key = $1 AND state = 'sending' AND ($4::timestamptz IS NULL OR updated_at = $4)`, [
      dedupeKey,
      state,
      clock.now(),
      claimedAt ?? null,
    ]);
  const inProgress = (dedupeKey: string) =>
    new DeliveryInProgress(`[${channel}] ${dedupeKey} is being sent by another sender (or one that crashed); retried once its claim of ${leaseMs} ms runs out`);
  /** After a crashed sender: true when the provider says it has the message, which is then recorded as sent. */
  const deliveredBefore = async (dedupeKey: string) => {
    if (!(await adapter.delivered?.(dedupeKey))) return false;
    await settle(dedupeKey, 'sent');
    return true;
  };
  return {
    async send(message) {
      const now = clock.now();
      // A new claim, or the take-over of one whose lease ran out; either way this sender now holds it.
      const { rows } = await pool.query<{ fresh: boolean }>(
        `INSERT INTO message_deliveries (dedupe_key, channel, state, updated_at) VALUES ($1, $2, 'sending', $3)
         ON CONFLICT (dedupe_key) DO UPDATE SET updated_at = EXCLUDED.updated_at
          WHERE message_deliveries.state = 'sending' AND message_deliveries.updated_at < $4
         RETURNING (xmax = 0) AS fresh`,
        [message.dedupeKey, channel, now, new Date(now.getTime() - leaseMs)],
      );
      const claim = rows[0];
      if (!claim) {
        const { rows: held } = await pool.query<{ state: string }>(`SELECT state FROM message_deliveries WHERE dedupe_key = $1`, [message.dedupeKey]);
        if (held[0]?.state === 'sending') throw inProgress(message.dedupeKey);
        return 'already_sent';
      }
      if (!claim.fresh) {
        const delivered = await deliveredBefore(message.dedupeKey);
        warn(`[${channel}] ${message.dedupeKey}: its sender stopped between the claim and the provider's answer; ${delivered ? 'the provider has it, so it is not sent again' : 'sending it again'}`);
        if (delivered) return 'already_sent';
      }
      try {
        await adapter.send(message);
      } catch (error) {
        if (error instanceof DeliveryOutcomeUnknown) {
          await settle(message.dedupeKey, 'outcome_unknown', now);
          warn(`[${channel}] ${message.dedupeKey}: the provider gave no answer (${error.message}); not sent again, so it may not have arrived`);
          return 'outcome_unknown';
        }
        await pool.query(`DELETE FROM message_deliveries WHERE dedupe_key = $1 AND state = 'sending' AND updated_at = $2`, [message.dedupeKey, now]);
        throw error;
      }
      await settle(message.dedupeKey, 'sent', now);
      return 'sent';
    },
    async wasSent(dedupeKey) {
      const { rows } = await pool.query<{ state: string; updated_at: Date }>(`SELECT state, updated_at FROM message_deliveries WHERE dedupe_key = $1`, [dedupeKey]);
      const row = rows[0];
      if (!row) return false;
      if (row.state !== 'sending') return true;
      if (row.updated_at.getTime() >= clock.now().getTime() - leaseMs) throw inProgress(dedupeKey);
      return deliveredBefore(dedupeKey);
    },
  };
}
