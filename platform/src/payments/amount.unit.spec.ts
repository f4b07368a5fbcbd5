import { describe, expect, it } from 'vitest';
import { amountOf, formatRoubles, kopecksToValue, valueToKopecks } from './amount';

describe('kopecks ⇄ wire amount', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [250000, '2500.00'],
    [123456789, '1234567.89'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%i kopecks are "%s" and back', (kopecks, value) => {
    expect(kopecksToValue(kopecks)).toBe(value);
    expect(valueToKopecks(value)).toBe(kopecks);
  });

  it('is exact where floating point is not (0.1 + 0.2, 19.99 × 100)', () => {
    expect(valueToKopecks('0.30')).toBe(valueToKopecks('0.10') + valueToKopecks('0.20'));
    expect(valueToKopecks('19.99')).toBe(1999);
    expect(valueToKopecks('1.15')).toBe(115);
    expect(kopecksToValue(valueToKopecks('4.35') * 3)).toBe('13.05');
  });

  it('reads values written with fewer decimals', () => {
    expect(valueToKopecks('2500')).toBe(250000);
    expect(valueToKopecks('2500.5')).toBe(250050);
  });

  it.each(['', '1.234', '-1.00', '1,00', ' 1.00', '1.', '.50', '1e3', 'NaN', '100000000000000000.00'])('refuses %j', (value) => {
    expect(() => valueToKopecks(value)).toThrow(RangeError);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %d kopecks', (kopecks) => {
    expect(() => kopecksToValue(kopecks)).toThrow(RangeError);
  });

  it('builds a rouble amount object', () => {
    expect(amountOf(2500)).toEqual({ value: '25.00', currency: 'RUB' });
  });
});

describe('formatRoubles', () => {
  it('groups thousands with no-break spaces and writes kopecks after a comma', () => {
    expect(formatRoubles(250000)).toBe('2\u00a0500,00\u00a0₽');
    expect(formatRoubles(5)).toBe('0,05\u00a0₽');
    expect(formatRoubles(123456789)).toBe('1\u00a0234\u00a0567,89\u00a0₽');
    expect(formatRoubles(99900)).toBe('999,00\u00a0₽');
  });
});
