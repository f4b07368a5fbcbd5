import type { CalendarDays, Studio } from '@studio/domain';
import { useCallback, useEffect, useState } from 'react';
import { deleteBooking } from './commands';
import { transferBooking } from './transfer';
import { transferPlan } from './transfer-plan';
import { runTransfer } from './transfer-run';
import type { TransferSelection } from './transfer-selection';
import { pickAt, previewAt, type TransferPreview, type TransferTarget } from './transfer-target';

interface TransferNotice {
  ok: boolean;
  text: string;
}

export interface TransferMode {
  /** What is being moved; null outside transfer mode. */
  selection: TransferSelection | null;
  /** The target under the pointer (or the focused cell). */
  preview: TransferPreview | null;
  /** The free target clicked, waiting for the admin's yes. */
  asking: TransferTarget | null;
  running: boolean;
  /** A refused click in transfer mode, or how the transfer went after it. */
  notice: TransferNotice | null;
  start: (selection: TransferSelection) => void;
  leave: () => void;
  hover: (date: string, cell: string) => void;
  unhover: () => void;
  pick: (date: string, cell: string) => void;
  confirm: () => void;
  dismiss: () => void;
  clearNotice: () => void;
}

/**
 * Transfer mode of the admin calendar (docs/admin-calendar.md#rules «Transfer flow»): after the dialog's
 * Continue, hovering previews the target, clicking a free one asks, and the yes runs the moves and
 * deletions and reloads the calendar. Escape leaves the mode.
 */
export function useTransferMode(studio: Studio, days: CalendarDays, onWritten: () => void): TransferMode {
  const [selection, setSelection] = useState<TransferSelection | null>(null);
  const [hovered, setHovered] = useState<{ date: string; cell: string } | null>(null);
  const [asking, setAsking] = useState<TransferTarget | null>(null);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<TransferNotice | null>(null);

  const leave = useCallback(() => {
    setSelection(null);
    setHovered(null);
    setAsking(null);
  }, []);

  // While the question is open, Escape is its «Нет», not the end of transfer mode.
  useEffect(() => {
    if (!selection || asking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') leave();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selection, asking, leave]);

  const confirm = async (chosen: TransferSelection, target: TransferTarget) => {
    setAsking(null);
    setRunning(true);
    const outcome = await runTransfer(transferPlan(chosen, target), {
      move: (move) => transferBooking(studio, move),
      remove: (bookingId) => deleteBooking(studio, bookingId),
    });
    setRunning(false);
    setNotice({ ok: outcome.ok, text: outcome.text });
    // A refusal before anything moved keeps the mode, so another window can be chosen.
    if (outcome.wrote) {
      leave();
      onWritten();
    }
  };

  return {
    selection,
    preview: selection && hovered ? previewAt(selection, days[hovered.date], hovered.date, hovered.cell) : null,
    asking,
    running,
    notice,
    start: (next) => {
      setSelection(next);
      setHovered(null);
      setNotice(null);
    },
    leave,
    hover: (date, cell) => setHovered({ date, cell }),
    unhover: () => setHovered(null),
    pick: (date, cell) => {
      if (!selection || running) return;
      const verdict = pickAt(selection, days[date], date, cell);
      setNotice(verdict.ok ? null : { ok: false, text: verdict.message });
      if (verdict.ok) setAsking(verdict.target);
    },
    confirm: () => {
      if (selection && asking) void confirm(selection, asking);
    },
    dismiss: () => setAsking(null),
    clearNotice: () => setNotice(null),
  };
}
