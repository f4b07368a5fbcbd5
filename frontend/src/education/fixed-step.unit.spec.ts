import { describe, expect, it } from 'vitest';
import { STEP_MS, ticksFor } from './fixed-step';

/** Ticks run over `seconds` of frames `frameMs` apart, with a little jitter either way. */
function ticksOver(seconds: number, frameMs: number, jitterMs = 0): number {
  let carriedMs = 0;
  let total = 0;
  const frames = Math.round((seconds * 1000) / frameMs);
  for (let frame = 0; frame < frames; frame += 1) {
    const result = ticksFor(carriedMs, frameMs + (frame % 2 === 0 ? jitterMs : -jitterMs));
    carriedMs = result.carriedMs;
    total += result.ticks;
  }
  return total;
}

describe('fixed-step clock', () => {
  it('runs 60 ticks a second on a 60, 90, 120 or 144 Hz display and on a 30 fps phone', () => {
    for (const hz of [30, 60, 90, 120, 144]) {
      expect(Math.abs(ticksOver(10, 1000 / hz) - 600)).toBeLessThanOrEqual(1);
    }
  });

  it('gives a jittery 60 Hz display exactly one tick per frame', () => {
    let carriedMs = 0;
    const perFrame = new Set<number>();
    for (let frame = 0; frame < 600; frame += 1) {
      const result = ticksFor(carriedMs, STEP_MS + (frame % 2 === 0 ? 0.6 : -0.6));
      carriedMs = result.carriedMs;
      perFrame.add(result.ticks);
    }
    expect([...perFrame]).toEqual([1]);
  });

  it('turns a long stall into a few ticks instead of fast-forwarding the game', () => {
    expect(ticksFor(0, 5_000).ticks).toBe(6);
    expect(ticksFor(0, -20).ticks).toBe(0);
  });
});
