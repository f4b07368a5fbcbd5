import { createHash, randomInt } from 'node:crypto';

/**
 * The id of the account opened for a guest's booking, derived from the booking's id (a name-based
 * UUID, version 5 layout over SHA-256): a replay of the booking's confirmation finds the account it
 * opened before instead of opening a second one.
 */
export function accountIdForBooking(bookingId: string): string {
  const bytes = createHash('sha256').update(`account-at-booking:${bookingId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The booking form has one name field: its first word becomes the account's name and the rest its
 * surname (empty for one word; the profile form asks for it on the next save). Each is cut to the
 * account's 100 characters.
 */
export function accountNameOf(contactName: string): { name: string; surname: string } {
  const [first = '', ...rest] = contactName.trim().split(/\s+/);
  return { name: first.slice(0, 100), surname: rest.join(' ').slice(0, 100).trim() };
}

/** Letters and digits that cannot be misread on a phone screen (no 0/O, 1/l/I). */
const READABLE = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GENERATED_PASSWORD_LENGTH = 10;

/** A password for an account opened at booking: 10 characters drawn by the CSPRNG (about 58 bits). */
export function generatePassword(): string {
  return Array.from({ length: GENERATED_PASSWORD_LENGTH }, () => READABLE[randomInt(READABLE.length)]).join('');
}

export const passwordSmsText = (phone: string, password: string) => `Ваш аккаунт на сайте фотостудии: логин ${phone}, пароль ${password}`;
