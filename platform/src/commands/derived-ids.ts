import { createHash } from 'node:crypto';

/**
 * A UUID (v4 layout) derived from `seed`: a retried request (same Idempotency-Key, same client
 * id) names the same hold, booking or intent, so the aggregates recognise the retry.
 */
export function uuidFrom(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
