import { describe, expect, it } from 'vitest';
import { normaliseHallSize } from './hall';

describe('normaliseHallSize', () => {
  it.each([
    ['65', '65 м²'],
    ['65 m²', '65 м²'],
    ['65м2', '65 м²'],
    ['  120   m2 ', '120 м²'],
    ['80 кв.м', '80 м²'],
    ['80 кв. м.', '80 м²'],
    ['65 м² + гримёрка 10 м²', '65 м² + гримёрка 10 м²'],
    ['', '65 м²'],
    [null, '65 м²'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseHallSize(input)).toBe(expected);
  });

  it('does not mistake other units for square metres', () => {
    expect(normaliseHallSize('2 км2')).toBe('2 км2 м²');
  });
});
