/** docs/admin-calendar.md#constants: a chain card expands 100 ms after the pointer arrives and folds 150 ms after it leaves. */
const HOVER_OPEN_MS = 100;
const HOVER_CLOSE_MS = 150;

export interface HoverIntent {
  enter(): void;
  leave(): void;
  dispose(): void;
}

/**
 * Delays both ways so a pointer crossing the grid does not flash every card it passes, and one
 * moving from a card onto its expanded panel keeps it open. Only the last intent counts.
 */
export function createHoverIntent(setOpen: (open: boolean) => void, { openMs = HOVER_OPEN_MS, closeMs = HOVER_CLOSE_MS } = {}): HoverIntent {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const after = (ms: number, open: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => setOpen(open), ms);
  };
  return {
    enter: () => after(openMs, true),
    leave: () => after(closeMs, false),
    dispose: () => clearTimeout(timer),
  };
}
