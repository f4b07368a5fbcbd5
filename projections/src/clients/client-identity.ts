import { createHash } from 'node:crypto';
import { toE164 } from '@studio/platform';

/**
 * The phone a client is known by, E.164: accounts keep that spelling, bookings keep the digits
 * (79991234567, or a foreign number's), so both meet here. Digits that make no valid number are
 * still someone's contact: kept as `+digits` rather than dropped. Null for no digits at all.
 */
export function clientPhoneOf(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return toE164(phone.trim().startsWith('+') ? phone : digits) ?? toE164(`+${digits}`) ?? `+${digits}`;
}

/** A client's id (the HTTP contract's clientIdSchema), from the phone: the same person keeps it when a guest's bookings meet a later account, and through a rebuild. */
export const clientIdOf = (phone: string): string => createHash('sha256').update(`client:${phone}`).digest('hex').slice(0, 32);
