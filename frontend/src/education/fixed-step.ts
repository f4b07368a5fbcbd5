/** One game tick: the spec's constants are per tick at 60 ticks a second, whatever the display's rate. */
export const STEP_MS = 1000 / 60;
// A frame that took longer than this (a stall, a debugger, a device below 20 fps) is counted as this
// long: the game slows down instead of moving several ticks between two frames the player (or a
// test's controller) can react in. A 30 fps phone's frames stay under it.
const MAX_FRAME_MS = 50;
// A 60 Hz display's frames arrive a little early or late; counting a tick up to this much early
// (and owing the difference to the next frame) keeps one tick per frame instead of 0, 2, 0, 2.
const EARLY_MS = 1;

export interface FrameClock {
  /** How many whole ticks have come due by this animation frame's timestamp. */
  ticksAt(timeMs: number): number;
  /** Forget the last frame: the next one starts counting afresh, so a pause never fast-forwards. */
  pause(): void;
}

export function frameClock(): FrameClock {
  let lastMs: number | null = null;
  let carriedMs = 0;
  return {
    ticksAt(timeMs) {
      const frameMs = lastMs === null ? 0 : Math.min(Math.max(timeMs - lastMs, 0), MAX_FRAME_MS);
      lastMs = timeMs;
      const available = carriedMs + frameMs;
      const ticks = Math.max(0, Math.floor((available + EARLY_MS) / STEP_MS));
      carriedMs = available - ticks * STEP_MS;
      return ticks;
    },
    pause() {
      lastMs = null;
      carriedMs = 0;
    },
  };
}
