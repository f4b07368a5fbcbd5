import { addDays, isIsoDate, isPastForCustomer, OPENING_CELLS, tomskToday, type Studio } from '@studio/domain';
import { useEffect, useState } from 'react';
import { parseSelectionKey, selectionKey } from '../ui/calendar/grid';
import type { SelectionMode } from '../ui/calendar/types';
import { HORIZON_DAYS } from '../ui/calendar/weeks';

/** Step 1's choice as the later steps read it: the calendar mode and the chosen half-hour cells. */
export interface SavedSlots {
  mode: SelectionMode;
  /** Selection entries ("2026-11-24-10:00-10:30"), sorted. */
  selection: string[];
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const nothingSaved = (): SavedSlots => ({ mode: 'hour', selection: [] });

/** One entry per studio, so two studios' tabs never overwrite each other's choice. */
export const savedSlotsKey = (studio: Studio): string => `booking-slots:${studio}`;

/** A cell still on the grid, inside today … the horizon and not yet within the 2-hour notice. */
function stillBookable(entry: unknown, now: Date): entry is string {
  if (typeof entry !== 'string') return false;
  const { date, cell } = parseSelectionKey(entry);
  if (!isIsoDate(date) || !OPENING_CELLS.includes(cell) || selectionKey(date, cell) !== entry) return false;
  return date <= addDays(tomskToday(now), HORIZON_DAYS) && !isPastForCustomer(date, cell, now);
}

/**
 * The studio's saved choice, checked entry by entry: whatever another version, a hand edit or a
 * day's wait left there that is no longer bookable is dropped, and anything unreadable reads as
 * nothing saved. Cells taken by others meanwhile are the calendar's to drop, with its notice.
 */
export function readSavedSlots(store: Store | null, studio: Studio, now: Date): SavedSlots {
  let raw: unknown;
  try {
    raw = JSON.parse(store?.getItem(savedSlotsKey(studio)) ?? 'null');
  } catch {
    return nothingSaved();
  }
  if (typeof raw !== 'object' || raw === null) return nothingSaved();
  const { mode, selection } = raw as Record<string, unknown>;
  return {
    mode: mode === 'half' ? 'half' : 'hour',
    selection: Array.isArray(selection) ? [...new Set(selection.filter((entry) => stillBookable(entry, now)))].sort() : [],
  };
}

export function writeSavedSlots(store: Store | null, studio: Studio, slots: SavedSlots): void {
  try {
    store?.setItem(savedSlotsKey(studio), JSON.stringify(slots));
  } catch {
    // A full or refused storage only costs the visitor the choice after a reload.
  }
}

/** Session storage, or null where the browser refuses it (some private modes throw on access). */
export function sessionStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Step 1's choice for this tab and studio: restored from session storage on mount and saved on
 * every change, so it survives the studio tabs, a reload and a trip to another site and back.
 */
export function useSavedSlots(studio: Studio) {
  const [initial] = useState(() => readSavedSlots(sessionStore(), studio, new Date()));
  const [mode, setMode] = useState<SelectionMode>(initial.mode);
  const [selection, setSelection] = useState<string[]>(initial.selection);
  useEffect(() => writeSavedSlots(sessionStore(), studio, { mode, selection }), [studio, mode, selection]);
  return { mode, setMode, selection, setSelection };
}
