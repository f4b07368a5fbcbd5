import { describe, expect, it } from 'vitest';
import { decodePosition, encodePosition } from './position';

describe('event store positions', () => {
  it('sort as plain text exactly like the numbers they encode', () => {
    const pairs: [bigint, bigint][] = [
      [9n, 999n],
      [10n, 1n],
      [10n, 2n],
      [99n, 100000n],
      [100n, 0n],
      [2n ** 64n - 1n, 2n ** 63n],
    ];
    const encoded = pairs.map(([a, b]) => encodePosition(a, b));
    expect([...encoded].sort()).toEqual(encoded);
    expect(encoded.map(decodePosition)).toEqual(pairs);
  });

  it('accept decimal strings as Postgres returns them', () => {
    expect(encodePosition('742', '12')).toBe('00000000000000000742/00000000000000000012');
  });

  it('refuse anything that is not a position', () => {
    for (const bad of ['', '12/34', 'abc', '00000000000000000742-00000000000000000012']) {
      expect(() => decodePosition(bad)).toThrow(/Invalid event store position/);
    }
  });
});
