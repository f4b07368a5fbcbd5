// Both adapters encode positions as fixed-width decimal pairs so that plain string comparison
// (what read-your-writes and checkpoints use) orders them exactly like the numbers they hold.
const WIDTH = 20; // 2^64 has 20 decimal digits

export function encodePosition(major: bigint | string, minor: bigint | string): string {
  return `${String(major).padStart(WIDTH, '0')}/${String(minor).padStart(WIDTH, '0')}`;
}

const pattern = /^(\d{20})\/(\d{20})$/;

export function decodePosition(position: string): [bigint, bigint] {
  const match = pattern.exec(position);
  if (!match) throw new Error(`Invalid event store position: ${JSON.stringify(position)}`);
  return [BigInt(match[1]!), BigInt(match[2]!)];
}
