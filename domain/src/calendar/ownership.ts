/** Whoever holds or booked a cell, as the calendar API and the events name them. */
export interface OccupantLike {
  userId?: string | number | null;
  phone?: string | null;
}

export const phoneDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/**
 * Russian numbers arrive as +7…, 8… or without the country code; compare them in one national
 * form so "+7 (999) 123-45-67" and "89991234567" are the same customer.
 */
function phoneKey(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

/** Same person: the same user id, or the same phone digits. Two unknowns are never the same. */
export function sameOccupant(a: OccupantLike | null | undefined, b: OccupantLike | null | undefined): boolean {
  if (!a || !b) return false;
  const userA = a.userId == null ? '' : String(a.userId);
  const userB = b.userId == null ? '' : String(b.userId);
  if (userA !== '' && userA === userB) return true;
  const phoneA = phoneKey(a.phone);
  return phoneA !== '' && phoneA === phoneKey(b.phone);
}
