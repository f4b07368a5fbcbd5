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
