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
