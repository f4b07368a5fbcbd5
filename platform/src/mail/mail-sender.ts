import type pg from 'pg';
import type { MessageSender, Outgoing } from '../messaging/deliveries';
import { inSandboxOutbox, recordInSandboxOutbox } from '../messaging/sandbox-outbox';

/** A file an e-mail carries (the confirmation's booking as .ics). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One e-mail, plain text, with files when given. */
export interface MailMessage extends Outgoing {
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

export type MailSender = MessageSender<MailMessage>;

/** The mail port of development and tests: every message is a row of the sandbox outbox. */
export const sandboxMailSender = (pool: pg.Pool): MailSender => ({
  send: ({ to, subject, text, dedupeKey, attachments }) => recordInSandboxOutbox(pool, { channel: 'email', recipient: to, subject, body: text, dedupeKey, ...(attachments ? { attachments } : {}) }),
  delivered: (dedupeKey) => inSandboxOutbox(pool, dedupeKey),
});
