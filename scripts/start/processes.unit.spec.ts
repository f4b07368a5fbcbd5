import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART, restartDelay } from './processes';

describe('restartDelay', () => {
  it('waits 1 s before the first restart of a dying service, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => restartDelay(DEFAULT_RESTART, attempt))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
