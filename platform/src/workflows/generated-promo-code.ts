import { randomInt } from 'node:crypto';

/** Letters and digits nobody misreads over the phone or on a flyer: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code for staff who typed none: two groups of four, e.g. «K7MX-Q4PD» (31⁸ ≈ 8.5·10¹¹ of them). */
export function generatedPromoCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}`;
}
