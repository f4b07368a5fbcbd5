/**
 * mulberry32: a tiny seeded generator whose whole state is one 32-bit number, so it can live in
 * the immutable game state and the same seed always lays out the same course.
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, state: next };
}

/** A `?seed=` value: a whole number up to 2^32 − 1; anything else means no fixed seed. */
export function parseSeed(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const seed = Number(raw);
  return seed <= 0xffffffff ? seed : null;
}

export function randomSeed(): number {
  const [seed = 1] = crypto.getRandomValues(new Uint32Array(1));
  return seed;
}
