import type pg from 'pg';
import { readSandboxOutbox, type OutboxFilter } from '@studio/platform';

/** What the stack's SMS and mail sandboxes sent, newest first (the table behind /dev/outbox). */
export const sentMessages = (pool: pg.Pool, filter: OutboxFilter = {}) => readSandboxOutbox(pool, filter);

/** The password an account-at-booking SMS carries (its last word). */
export function passwordInSms(text: string): string {
  const password = /пароль (\S+)$/.exec(text)?.[1];
  if (!password) throw new Error(`No password in the SMS «${text.slice(0, 40)}…»`);
  return password;
}

/** The code a phone-verification SMS carries (its six digits). */
export function phoneCodeInSms(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in the SMS «${text.slice(0, 40)}…»`);
  return code;
}

/** The newest phone code the sandbox sent to `phone`. */
export async function lastPhoneCode(pool: pg.Pool, phone: string): Promise<string> {
  const [sms] = (await sentMessages(pool, { channel: 'sms', to: phone })).filter((m) => m.body.startsWith('Код подтверждения'));
  if (!sms) throw new Error(`No phone code was sent to ${phone}`);
  return phoneCodeInSms(sms.body);
}
