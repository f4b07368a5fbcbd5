import type pg from 'pg';
import type { MessageSender, Outgoing } from '../messaging/deliveries';
import { inSandboxOutbox, recordInSandboxOutbox } from '../messaging/sandbox-outbox';

/** One SMS: `to` is E.164 (+79991234567). */
export interface SmsMessage extends Outgoing {
  text: string;
}

export type SmsSender = MessageSender<SmsMessage>;

/** The SMS port of development and tests: every message is a row of the sandbox outbox, nothing leaves the machine. */
export const sandboxSmsSender = (pool: pg.Pool): SmsSender => ({
  send: ({ to, text, dedupeKey }) => recordInSandboxOutbox(pool, { channel: 'sms', recipient: to, subject: null, body: text, dedupeKey }),
  delivered: (dedupeKey) => inSandboxOutbox(pool, dedupeKey),
});
