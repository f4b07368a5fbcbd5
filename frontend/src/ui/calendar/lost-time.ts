import { halfSelectable } from './cell-state';
import { parseSelectionKey } from './grid';
import { dateLabel } from './labels';
import type { HalfState } from './types';

/** Why chosen cells left the selection: someone booked them, or they slid into the 2-hour notice. */
type LostReason = 'taken' | 'notice';

export interface LostTime {
  reason: LostReason;
  /** Selection entries ("2026-11-25-13:00-13:30") that were dropped, in time order. */
  keys: string[];
}

/** "25 ноября 13:00–14:00": touching cells of one day read as one range. */
function rangesText(keys: readonly string[]): string {
  const ranges: { date: string; start: string; end: string }[] = [];
  for (const key of [...keys].sort()) {
    const { date, cell: start, end } = parseSelectionKey(key);
    const last = ranges.at(-1);
    if (last && last.date === date && last.end === start) last.end = end;
    else ranges.push({ date, start, end });
  }
  const parts = ranges.map((r) => `${dateLabel(r.date)} ${r.start}–${r.end}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} и ${parts.at(-1)}` : (parts[0] ?? '');
}

/** The visitor's notice for dropped cells, in Russian. */
export function lostTimeText({ reason, keys }: LostTime): string {
  const when = rangesText(keys);
  return reason === 'taken'
    ? `Выбранное время ${when} только что заняли — выберите другое`
    : `Выбранное время ${when} уже не забронировать: до начала меньше 2 часов — выберите другое`;
}

/**
 * Splits the selection into what can still be booked and what was lost, by reason, so the
 * summary never bills a cell the calendar shows as unavailable and the visitor learns why.
 */
export function pruneSelection(selection: readonly string[], stateOf: (key: string) => HalfState): { kept: string[]; lost: LostTime[] } {
  const kept: string[] = [];
  const lost: Record<LostReason, string[]> = { taken: [], notice: [] };
  for (const key of selection) {
    const state = stateOf(key);
    if (halfSelectable(state)) kept.push(key);
    else lost[state === 'past' ? 'notice' : 'taken'].push(key);
  }
  return { kept, lost: (['taken', 'notice'] as const).filter((reason) => lost[reason].length > 0).map((reason) => ({ reason, keys: lost[reason] })) };
}
