import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { formatRoubles, kopecksToRoubles, roublesToKopecks, splitByWeights } from './money';

/** ru-RU groups thousands with a no-break space; the currency sign follows after a plain space. */
const nbsp = (s: string) => s.replace(/(\d) (\d)/g, '$1\u00a0$2');

describe('money', () => {
  it('formats roubles the Russian way with up to two decimals', () => {
    expect(formatRoubles(2000)).toBe(nbsp('2 000 ₽'));
    expect(formatRoubles(1000.5)).toBe(nbsp('1 000,5 ₽'));
    expect(formatRoubles(99.999)).toBe(nbsp('100 ₽'));
    expect(formatRoubles(0)).toBe(nbsp('0 ₽'));
  });

  it('converts roubles to exact integer kopecks', () => {
    expect(roublesToKopecks(19.99)).toBe(1999);
    expect(roublesToKopecks(0.1 + 0.2)).toBe(30);
    expect(roublesToKopecks(2000)).toBe(200000);
    expect(kopecksToRoubles(1999)).toBe(19.99);
  });

  it('refuses fractions of a kopeck and non-numbers', () => {
    expect(() => roublesToKopecks(1.005)).toThrow(DomainError);
    expect(() => roublesToKopecks(Number.NaN)).toThrow(DomainError);
    expect(() => roublesToKopecks(Infinity)).toThrow(DomainError);
    expect(() => kopecksToRoubles(10.5)).toThrow(DomainError);
  });

  it('splits an amount by weights to the kopeck, the rounding left to the last share', () => {
    expect(splitByWeights(500_001, [4, 2])).toEqual([333_334, 166_667]);
    expect(splitByWeights(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(splitByWeights(700, [5])).toEqual([700]);
  });
});
