import { AdminModal } from './AdminModal';
import { dayLabel } from '../../calendar/labels';
import { selectionSummary } from './cells';
import { createTitle, durationText } from './plural';

interface Props {
  /** The chosen cells (selection keys); null while closed. */
  keys: readonly string[] | null;
  onClose: () => void;
}

/** «Создание новой брони»: the title and the slots it covers (admin-backoffice §2 «Create-booking modal»). */
export function CreateBookingModal({ keys, onClose }: Props) {
  const summary = selectionSummary(keys ?? []);
  return (
    <AdminModal isOpen={keys !== null} title={createTitle(keys?.length ?? 0)} testId="create-modal" onClose={onClose}>
      <section className="acal-section" aria-label="Выбранные слоты">
        <h3>Выбранные слоты</h3>
        <ul className="acal-list" data-testid="create-slots">
          {summary.ranges.map((range) => (
            <li key={`${range.date}-${range.start}`}>
              {dayLabel(range.date)}, {range.start}–{range.end}
            </li>
          ))}
        </ul>
        <p data-testid="create-duration">Всего: {durationText(summary.minutes)}</p>
      </section>
      <p className="acal-soon">Создание брони из календаря скоро появится.</p>
    </AdminModal>
  );
}
