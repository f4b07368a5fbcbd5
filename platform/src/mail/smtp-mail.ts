import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { DeliveryOutcomeUnknown } from '../messaging/deliveries';
import type { MailSender } from './mail-sender';

export interface SmtpMailOptions {
  /** The From header: `Фотостудия <booking@example.ru>`. */
  from: string;
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's connection URL). */
  url?: string;
  /** A transport given directly (tests: nodemailer's jsonTransport). */
  transport?: Transporter;
}

/** SMTP errors that say the server never took the message; any other failure may have come after it did. */
const REFUSED = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE', 'EMESSAGE']);

/** The mail port over SMTP (nodemailer). The Message-ID is the dedupe key's, so a receiving server may also drop a duplicate. */
export function createSmtpMailSender(options: SmtpMailOptions): MailSender {
  const transport = options.transport ?? nodemailer.createTransport(requireUrl(options.url));
  return {
    async send({ to, subject, text, dedupeKey, attachments = [] }) {
      try {
        await transport.sendMail({
          from: options.from,
          to,
          subject,
          text,
          attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
          messageId: `<${dedupeKey.replace(/[^\w.-]/g, '.')}@studio-booking>`,
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && REFUSED.has(code)) throw error;
        throw new DeliveryOutcomeUnknown(`SMTP gave no verdict: ${typeof code === 'string' ? code : 'error'}`);
      }
    },
  };
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('SMTP mail needs SMTP_URL');
  return url;
}
