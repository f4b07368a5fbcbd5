import { describe, expect, it } from 'vitest';
import { frameClock, STEP_MS } from './fixed-step';

/** Ticks per frame over `seconds` of frames `frameMs` apart, alternately `jitterMs` late and early. */
function ticksPerFrame(seconds: number, frameMs: number, jitterMs = 0): number[] {
  const clock = frameClock();
  const ticks: number[] = [];
  let time = 1_000;
  clock.ticksAt(time);
  for (let frame = 0; frame < (seconds * 1000) / frameMs; frame += 1) {
    time += frameMs + (frame % 2 === 0 ? jitterMs : -jitterMs);
    ticks.push(clock.ticksAt(time));
  }
  return ticks;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('frame clock', () => {
  it('runs 60 ticks a second on a 60, 90, 120 or 144 Hz display and on a 30 fps phone', () => {
    for (const hz of [30, 60, 90, 120, 144]) {
      expect({ hz, off: Math.abs(sum(ticksPerFrame(10, 1000 / hz)) - 600) <= 1 }).toEqual({ hz, off: true });
    }
  });

  it('gives a jittery 60 Hz display exactly one tick per frame', () => {
    expect(new Set(ticksPerFrame(10, STEP_MS, 0.6))).toEqual(new Set([1]));
  });

  it('turns a long stall into a few ticks instead of fast-forwarding the game', () => {
    const clock = frameClock();
    clock.ticksAt(0);
    expect(clock.ticksAt(5_000)).toBe(3);
    expect(clock.ticksAt(4_990)).toBe(0);
  });

  it('after a pause counts from the first frame back, as if no time had passed', () => {
    const clock = frameClock();
    clock.ticksAt(0);
    expect(clock.ticksAt(STEP_MS * 1.5)).toBe(1);
    clock.pause();
    expect(clock.ticksAt(60_000)).toBe(0);
    expect(clock.ticksAt(60_000 + STEP_MS)).toBe(1);
  });
});
