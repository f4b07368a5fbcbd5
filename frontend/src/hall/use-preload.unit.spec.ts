import { describe, expect, it } from 'vitest';
import { preloadIndexes } from './use-preload';

describe('preloadIndexes', () => {
  it('takes the first three and the two either side of the current slide', () => {
    expect(preloadIndexes(10, 5)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('wraps around both ends of the loop', () => {
    expect(preloadIndexes(10, 0)).toEqual([0, 1, 2, 8, 9]);
    expect(preloadIndexes(10, 9)).toEqual([0, 1, 2, 7, 8, 9]);
  });

  it('never asks for more photos than exist', () => {
    expect(preloadIndexes(2, 0)).toEqual([0, 1]);
    expect(preloadIndexes(0, 0)).toEqual([]);
  });
});
