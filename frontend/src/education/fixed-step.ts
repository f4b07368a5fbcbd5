/** One game tick: the spec's constants are per tick at 60 ticks a second, whatever the display's rate. */
export const STEP_MS = 1000 / 60;
// A frame that took longer than this (a stall, a debugger) is counted as this long: the game slows
// down for a moment instead of fast-forwarding into an obstacle.
export const MAX_FRAME_MS = 100;
// A 60 Hz display's frames arrive a little early or late; counting a tick up to this much early
// (and owing the difference to the next frame) keeps one tick per frame instead of 0, 2, 0, 2.
const EARLY_MS = 1;

/**
 * How many ticks a frame covers: the time since the previous frame plus what was left over from it,
 * in whole ticks; the remainder carries to the next frame.
 */
export function ticksFor(carriedMs: number, frameMs: number): { ticks: number; carriedMs: number } {
  const available = carriedMs + Math.min(Math.max(frameMs, 0), MAX_FRAME_MS);
  const ticks = Math.max(0, Math.floor((available + EARLY_MS) / STEP_MS));
  return { ticks, carriedMs: available - ticks * STEP_MS };
}
