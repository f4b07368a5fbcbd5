import type pg from 'pg';
import type { Config } from '../config';
import { createSmtpMailSender } from '../mail/smtp-mail';
import { sandboxMailSender, type MailMessage } from '../mail/mail-sender';
import { createSmsRuSender } from '../sms/sms-ru';
import { sandboxSmsSender, type SmsMessage } from '../sms/sms-sender';
import { sendingOnce, type OnceSender } from './deliveries';

export type MessagingConfig = Pick<Config, 'NODE_ENV' | 'SMS_RU_API_ID' | 'SMS_RU_TEST' | 'SMTP_URL' | 'MAIL_FROM'>;

export interface Messaging {
  sms: OnceSender<SmsMessage>;
  mail: OnceSender<MailMessage>;
}

/** Whether a sandbox stands in for SMS or mail: SMS_RU_API_ID or SMTP_URL left unset. */
export const messagingSandboxed = (config: Pick<Config, 'SMS_RU_API_ID' | 'SMTP_URL'>) => !config.SMS_RU_API_ID || !config.SMTP_URL;

/** The development page of the sandbox outbox is served while a sandbox is in use, and never in production. */
export const devOutboxServed = (config: Pick<Config, 'NODE_ENV' | 'SMS_RU_API_ID' | 'SMTP_URL'>) => config.NODE_ENV !== 'production' && messagingSandboxed(config);

/**
 * The SMS and mail ports the workers send through, by configuration: SMS.ru with SMS_RU_API_ID,
 * SMTP with SMTP_URL, and the sandbox outbox in `pool` for whichever is unset (`npm start`, tests).
 * Either way each message goes out at most once per dedupe key (`sendingOnce`).
 */
export async function messagingFromConfig(config: MessagingConfig, pool: pg.Pool): Promise<Messaging> {
  const sms = config.SMS_RU_API_ID ? createSmsRuSender({ apiId: config.SMS_RU_API_ID, test: config.SMS_RU_TEST === 'on' }) : sandboxSmsSender(pool);
  const mail = config.SMTP_URL ? createSmtpMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM ?? '' }) : sandboxMailSender(pool);
  return { sms: await sendingOnce(pool, 'sms', sms), mail: await sendingOnce(pool, 'email', mail) };
}
