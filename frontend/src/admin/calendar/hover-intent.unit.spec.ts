import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverIntent } from './hover-intent';

describe('the chain card’s hover expansion', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens 100 ms after the pointer arrives and closes 150 ms after it leaves', () => {
    const states: boolean[] = [];
    const hover = createHoverIntent((open) => states.push(open));
    hover.enter();
    vi.advanceTimersByTime(99);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true]);
    hover.leave();
    vi.advanceTimersByTime(149);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it('a pointer that passes through never opens it, and one that comes back in time keeps it open', () => {
    const states: boolean[] = [];
    const hover = createHoverIntent((open) => states.push(open));
    hover.enter();
    vi.advanceTimersByTime(50);
    hover.leave();
    vi.advanceTimersByTime(500);
    expect(states).toEqual([false]);
    hover.enter();
    vi.advanceTimersByTime(100);
    hover.leave();
    vi.advanceTimersByTime(100);
    hover.enter();
    vi.advanceTimersByTime(500);
    expect(states).toEqual([false, true, true]);
    hover.dispose();
  });
});
