import { useCallback, useEffect, useRef, useState } from 'react';

const ROTATION_MS = 3000;
const HOVER_DEBOUNCE_MS = 50;

/** The active section cycles every 3 s; hovering (debounced 50 ms) selects one and pauses. */
export function useAutoRotation(count: number) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const hoverTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % count), ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const enter = useCallback((index: number) => {
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => {
      setPaused(true);
      setActive(index);
    }, HOVER_DEBOUNCE_MS);
  }, []);

  const leave = useCallback(() => {
    window.clearTimeout(hoverTimer.current);
    setPaused(false);
  }, []);

  return { active, enter, leave };
}
