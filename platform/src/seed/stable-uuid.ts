import { createHash } from 'node:crypto';

/**
 * A name-based UUID (RFC 4122 version 5 layout over SHA-1). The seed derives every id from a name,
 * so two seeders racing on a fresh store append identical events and the store treats the second
 * append as an idempotent retry instead of a duplicate.
 */
export function stableUuid(name: string): string {
  const hash = createHash('sha1').update(`studio-seed:${name}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
