/** A pointer that moves no further than this (px) is a click that opens the lightbox. */
export const CLICK_TOLERANCE = 5;
/** The track follows a drag by at most this share of the width either way. */
const MAX_DRAG_SHARE = 0.5;
/** A drag longer than this share of the width changes the slide; shorter ones snap back. */
const SWIPE_SHARE = 0.2;

/** How far the track follows a pointer that moved `dx` px, clamped to ±50% of `width`. */
export function clampDrag(dx: number, width: number): number {
  const limit = MAX_DRAG_SHARE * width;
  return Math.min(limit, Math.max(-limit, dx));
}

/** The slide step a finished drag asks for: +1 next (dragged left), -1 previous, 0 stay. */
export function swipeStep(dx: number, width: number): -1 | 0 | 1 {
  const moved = clampDrag(dx, width);
  if (Math.abs(moved) <= SWIPE_SHARE * width) return 0;
  return moved < 0 ? 1 : -1;
}
