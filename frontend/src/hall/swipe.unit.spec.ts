import { describe, expect, it } from 'vitest';
import { clampDrag, swipeStep } from './swipe';

describe('carousel swipe', () => {
  it('lets the track follow the pointer only up to half the width either way', () => {
    expect(clampDrag(-120, 1000)).toBe(-120);
    expect(clampDrag(-800, 1000)).toBe(-500);
    expect(clampDrag(900, 1000)).toBe(500);
    expect(clampDrag(500, 1000)).toBe(500);
  });

  it('changes the slide by exactly one for a drag past 20% of the width, however long', () => {
    expect(swipeStep(-200, 1000)).toBe(0);
    expect(swipeStep(199, 1000)).toBe(0);
    expect(swipeStep(-201, 1000)).toBe(1);
    expect(swipeStep(-3000, 1000)).toBe(1);
    expect(swipeStep(250, 1000)).toBe(-1);
  });
});
