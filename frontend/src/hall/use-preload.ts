import { useEffect, useState } from 'react';

const AHEAD = 2;
const FIRST = 3;

/** Indexes worth loading now: the first 3 and those within 2 of the current slide (wrapping). */
export function preloadIndexes(count: number, current: number): number[] {
  const wanted = new Set<number>();
  for (let i = 0; i < Math.min(FIRST, count); i++) wanted.add(i);
  for (let d = -AHEAD; d <= AHEAD; d++) if (count) wanted.add((((current + d) % count) + count) % count);
  return [...wanted].sort((a, b) => a - b);
}

/**
 * Preloads photos around the current slide. A photo counts as loaded when it loaded or failed;
 * the slider is ready once 3 (or all, if fewer) have.
 */
export function usePreload(photos: string[], current: number) {
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const fresh = preloadIndexes(photos.length, current)
      .map((i) => photos[i])
      .filter((src): src is string => src !== undefined && !requested.has(src));
    if (!fresh.length) return;
    setRequested((prev) => new Set([...prev, ...fresh]));
    for (const src of fresh) {
      const image = new Image();
      const done = () => setLoaded((prev) => new Set(prev).add(src));
      image.onload = done;
      image.onerror = done;
      image.src = src;
    }
  }, [photos, current, requested]);

  const loadedCount = photos.filter((src) => loaded.has(src)).length;
  return {
    isRequested: (src: string) => requested.has(src),
    isLoaded: (src: string) => loaded.has(src),
    ready: photos.length > 0 && loadedCount >= Math.min(FIRST, photos.length),
  };
}
