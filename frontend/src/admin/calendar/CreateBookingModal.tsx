import { formatRoubles, type Studio } from '@studio/domain';
import { useState } from 'react';
import { toast, Toaster } from 'sonner';
import { dayLabel } from '../../ui/calendar/labels';
import { AdminModal } from '../../ui/AdminModal';
import { selectionSummary } from './cells';
import { CREATE_MESSAGES } from './create-form';
import { CreateBookingForm, type SlotOutcome } from './CreateBookingForm';
import { createTitle, durationText } from './plural';

/** docs/admin-calendar.md#constants: the copy toast lasts 1800 ms. */
const COPY_TOAST_MS = 1800;

interface Props {
  studio: Studio;
  /** The chosen cells (selection keys); null while closed. */
  keys: readonly string[] | null;
  /** The bookings were sent: the calendar reloads, and waits for a payment when a link was made. */
  onCreated: (outcomes: SlotOutcome[]) => void;
  onClose: () => void;
}

/** «Создание новой брони»: the slots chosen, the form, then what was made with its payment links (docs/admin-calendar.md#what-it-does «Create-booking modal»). */
export function CreateBookingModal({ studio, keys, onCreated, onClose }: Props) {
  const [outcomes, setOutcomes] = useState<SlotOutcome[] | null>(null);
  const close = () => {
    setOutcomes(null);
    onClose();
  };
  const summary = selectionSummary(keys ?? []);
  return (
    <AdminModal isOpen={keys !== null} title={createTitle(keys?.length ?? 0)} testId="create-modal" onClose={close}>
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
      {keys &&
        (outcomes ? (
          <Created outcomes={outcomes} onClose={close} />
        ) : (
          <CreateBookingForm
            studio={studio}
            keys={keys}
            onDone={(done) => {
              setOutcomes(done);
              onCreated(done);
            }}
          />
        ))}
    </AdminModal>
  );
}

/** The success screen: how many were made, each payment link with copy and open, and what failed. */
function Created({ outcomes, onClose }: { outcomes: SlotOutcome[]; onClose: () => void }) {
  const made = outcomes.flatMap((outcome) => ('answer' in outcome ? [{ range: outcome.range, answer: outcome.answer }] : []));
  const failed = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome] : []));
  const links = made.filter(({ answer }) => answer.payment_link);
  const copy = (link: string) =>
    navigator.clipboard
      .writeText(link)
      .then(() => toast.success(CREATE_MESSAGES.linkCopied, { duration: COPY_TOAST_MS }))
      .catch(() => toast.error(CREATE_MESSAGES.copyFailed, { duration: COPY_TOAST_MS }));
  return (
    <section className="acal-section" aria-label="Результат" data-testid="create-result">
      <p className={failed.length ? 'outcome outcome--error' : 'outcome'} role="status">
        {failed.length ? CREATE_MESSAGES.createdSome(made.length, outcomes.length) : CREATE_MESSAGES.created}
      </p>
      {links.length > 0 && (
        <>
          <h3>{links.length > 1 ? 'Ссылки на оплату' : 'Ссылка на оплату'}</h3>
          <ul className="acal-links-list">
            {links.map(({ range, answer }) => (
              <li key={range} data-testid="payment-link">
                <span className="acal-dialog__muted">
                  {range} · {formatRoubles(answer.payment?.amount ?? answer.booking.total_price)}
                </span>
                <input className="acal-link-field" readOnly value={answer.payment_link!} aria-label={`Ссылка на оплату ${answer.booking.time_start}–${answer.booking.time_end}`} onFocus={(event) => event.currentTarget.select()} />
                <span className="acal-form__actions">
                  <button type="button" className="acal-button acal-button--ghost" onClick={() => void copy(answer.payment_link!)}>
                    Копировать
                  </button>
                  <a className="acal-button acal-button--ghost acal-button--link" href={answer.payment_link!} target="_blank" rel="noopener noreferrer">
                    Открыть
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <ul className="acal-list" role="alert">
          {failed.map((outcome) => (
            <li key={outcome.range}>
              {outcome.range}: {CREATE_MESSAGES.failed(outcome.error)}
            </li>
          ))}
        </ul>
      )}
      <div className="acal-form__actions">
        <button type="button" className="acal-button" onClick={onClose}>
          Закрыть
        </button>
      </div>
      {/* Inside the dialog: the modal hides everything outside it from assistive technology. */}
      <Toaster position="bottom-center" customAriaLabel="Уведомления" />
    </section>
  );
}
