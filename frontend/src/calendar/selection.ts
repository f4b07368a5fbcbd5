import { halvesOf, selectionKey } from './grid';

/** Selection entries stay sorted so merged summaries and totals read in time order. */
const normalise = (entries: Iterable<string>): string[] => [...new Set(entries)].sort();

export function toggleHalf(selection: readonly string[], date: string, cell: string): string[] {
  const key = selectionKey(date, cell);
  return selection.includes(key) ? selection.filter((k) => k !== key) : normalise([...selection, key]);
}

/** An hour toggles as one: chosen when both halves were chosen, otherwise both become chosen. */
export function toggleHour(selection: readonly string[], date: string, hour: number): string[] {
  const keys = halvesOf(hour).map((cell) => selectionKey(date, cell));
  const both = keys.every((k) => selection.includes(k));
  return both ? selection.filter((k) => !keys.includes(k)) : normalise([...selection, ...keys]);
}

/**
 * Drops entries that can no longer be booked (taken by someone meanwhile, or now inside the
 * notice period) so the summary never bills a cell the calendar shows as unavailable.
 */
export function pruneSelection(selection: readonly string[], stillFree: (key: string) => boolean): string[] {
  const kept = selection.filter(stillFree);
  return kept.length === selection.length ? (selection as string[]) : kept;
}
