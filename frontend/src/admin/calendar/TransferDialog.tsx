import { CELL_MINUTES, minutesToTime, timeToMinutes, type AdminBookingRow } from '@studio/domain';
import { useState } from 'react';
import { dayLabel } from '../../ui/calendar/labels';
import { AdminModal } from '../../ui/AdminModal';
import { durationText, intervalsCountText } from './plural';
import { chooseIntervals, intervalsOf, intervalsText, leftoversOf, minutesOf, type TransferInterval, type TransferSelection } from './transfer-selection';

interface Props {
  isOpen: boolean;
  /** The open card's bookings, every range of them. */
  rows: readonly AdminBookingRow[];
  onContinue: (selection: TransferSelection) => void;
  onCancel: () => void;
}

/** The transfer-selection dialog (docs/admin-calendar.md#what-it-does): the start interval and how many to move, Continue and Cancel. */
export function TransferDialog({ isOpen, rows, onContinue, onCancel }: Props) {
  return (
    <AdminModal isOpen={isOpen} title="Перенос бронирования" testId="transfer-dialog" onClose={onCancel}>
      {isOpen && <Choice intervals={intervalsOf(rows)} onContinue={onContinue} onCancel={onCancel} />}
    </AdminModal>
  );
}

const intervalLabel = ({ date, cell }: TransferInterval) => `${dayLabel(date)}, ${cell}–${minutesToTime(timeToMinutes(cell) + CELL_MINUTES)}`;

function Choice({ intervals, onContinue, onCancel }: { intervals: TransferInterval[]; onContinue: Props['onContinue']; onCancel: () => void }) {
  const [start, setStart] = useState(0);
  // All of the card by default: the usual transfer moves the whole booking.
  const [count, setCount] = useState(intervals.length);
  const [message, setMessage] = useState<string | null>(null);
  const choice = chooseIntervals(intervals, start, count);
  const left = choice.ok ? leftoversOf(choice.selection) : [];
  const counts = Array.from({ length: Math.max(intervals.length - start, 0) }, (_, index) => index + 1);
  const go = () => (choice.ok ? onContinue(choice.selection) : setMessage(choice.message));
  return (
    <div className="acal-form">
      <p className="acal-dialog__muted">Выберите, с какого получасового интервала начать и сколько интервалов перенести, затем нажмите на свободную ячейку календаря.</p>
      <label className="acal-form__field">
        <span>Начальный интервал</span>
        <select
          value={start}
          onChange={(event) => {
            const next = Number(event.target.value);
            setStart(next);
            setCount((current) => Math.min(current, intervals.length - next));
            setMessage(null);
          }}
        >
          {intervals.map((interval, index) => (
            <option key={`${interval.date} ${interval.cell}`} value={index}>
              {intervalLabel(interval)}
            </option>
          ))}
        </select>
      </label>
      <label className="acal-form__field">
        <span>Сколько интервалов</span>
        <select
          value={count}
          onChange={(event) => {
            setCount(Number(event.target.value));
            setMessage(null);
          }}
        >
          {counts.map((option) => (
            <option key={option} value={option}>
              {intervalsCountText(option)} · {durationText(option * CELL_MINUTES)}
            </option>
          ))}
        </select>
      </label>
      {choice.ok && (
        <p className="acal-transfer-summary" data-testid="transfer-summary">
          Переносится: {intervalsText(choice.selection.chosen)} · {durationText(minutesOf(choice.selection.chosen))}
          {left.length > 0 && <span className="acal-transfer-summary__left">Невыбранные интервалы ({intervalsText(left)}) будут удалены после переноса.</span>}
        </p>
      )}
      {message && (
        <p className="acal-dialog__error" role="alert">
          {message}
        </p>
      )}
      <div className="acal-dialog__actions">
        <button type="button" className="acal-button" onClick={go}>
          Продолжить
        </button>
        <button type="button" className="acal-button acal-button--ghost" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </div>
  );
}
