import { useEffect, useRef } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { dayLabel } from '../../ui/calendar/labels';
import { durationText, intervalsCountText } from './plural';
import { intervalsText, leftoversOf, minutesOf } from './transfer-selection';
import type { TransferMode } from './use-transfer-mode';
import './transfer.css';

/**
 * The transfer-mode banner (docs/admin-calendar.md#what-it-does): what is being moved and the hovered target, a
 * refused click's reason, Cancel, and the question before the move. Outside the mode, how the last
 * transfer went.
 */
export function TransferBanner({ mode }: { mode: TransferMode }) {
  const { selection, preview, asking, notice } = mode;
  const banner = useRef<HTMLElement>(null);
  // The dialog that led here is gone and so is what opened it: keyboard users start from the banner.
  useEffect(() => {
    if (selection) banner.current?.focus();
  }, [selection]);
  const noticeLine = notice && (
    <p className={notice.ok ? 'outcome' : 'outcome outcome--error'} role={notice.ok ? 'status' : 'alert'}>
      <span data-testid="transfer-notice">{notice.text}</span>
      {!selection && (
        <button type="button" className="acal-transfer__close" aria-label="Скрыть сообщение" onClick={mode.clearNotice}>
          ×
        </button>
      )}
    </p>
  );
  if (!selection) return noticeLine;
  const left = leftoversOf(selection);
  return (
    <section ref={banner} tabIndex={-1} className="acal-transfer" aria-label="Режим переноса" data-testid="transfer-banner">
      <div className="acal-transfer__row">
        <p className="acal-transfer__what">
          <span className="acal-transfer__label">Перенос</span>
          <span data-testid="transfer-source">{intervalsText(selection.chosen)}</span>
          <span className="acal-target__chip">{intervalsCountText(selection.chosen.length)}</span>
          <span className="acal-transfer__muted">{durationText(minutesOf(selection.chosen))}</span>
        </p>
        <button type="button" className="acal-button acal-button--ghost" disabled={mode.running} onClick={mode.leave}>
          Отменить перенос
        </button>
      </div>
      <p className="acal-transfer__to" aria-live="polite" data-testid="transfer-target">
        {mode.running && 'Переносим…'}
        {!mode.running && preview && (
          <>
            Новое время: {dayLabel(preview.date)}, {preview.start}–{preview.end}
            {preview.taken && <span className="acal-target__badge">Занято</span>}
            {preview.outside && <span className="acal-target__badge">Не помещается в сутки</span>}
          </>
        )}
        {!mode.running && !preview && 'Наведите на ячейку, чтобы увидеть новое время, и нажмите на свободную. Esc — выйти из режима переноса.'}
      </p>
      {noticeLine}
      <ConfirmDialog
        isOpen={asking !== null}
        question={asking ? `Перенести ${intervalsText(selection.chosen)} на ${dayLabel(asking.date)}, ${asking.start}–${asking.end}?` : ''}
        {...(left.length > 0 ? { detail: `Невыбранные интервалы (${intervalsText(left)}) будут удалены.` } : {})}
        confirmLabel="Да, перенести"
        onConfirm={mode.confirm}
        onCancel={mode.dismiss}
      />
    </section>
  );
}
