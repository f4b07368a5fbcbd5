import type pg from 'pg';
import type { MessageSender, Outgoing } from '../messaging/deliveries';
import { inSandboxOutbox, recordInSandboxOutbox } from '../messaging/sandbox-outbox';

/** One e-mail, plain text. */
export interface MailMessage extends Outgoing {
  subject: string;
  text: string;
}

export type MailSender = MessageSender<MailMessage>;

/** The mail port of development and tests: every message is a row of the sandbox outbox. */
export const sandboxMailSender = (pool: pg.Pool): MailSender => ({
  send: ({ to, subject, text, dedupeKey }) => recordInSandboxOutbox(pool, { channel: 'email', recipient: to, subject, body: text, dedupeKey }),
  delivered: (dedupeKey) => inSandboxOutbox(pool, dedupeKey),
});
