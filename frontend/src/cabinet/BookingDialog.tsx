import { BOOKED_FORMAT_LABELS, bookingCalendarPath, formatRoubles, type ChangeOptions, type UserBookingRow } from '@studio/domain';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, ProgressBar } from 'react-aria-components';
import { BUSINESS } from '../studios/studios';
import { Fact } from '../ui/Fact';
import { CABINET_MESSAGES } from './api';
import { owing } from './classify';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { bookingDay, rangesText, studioName } from './format';
import {
  BOOKING_STATUS_LABELS,
  canPayRest,
  paidPercent,
  paymentHint,
  paymentMethodText,
  payNowUrl,
  planLabel,
  refundText,
} from './payment-view';
import '../ui/modal.css';
import '../ui/chip.css';

export type Outcome = { ok: boolean; text: string } | null;

interface Props {
  row: UserBookingRow | null;
  /** The dates of the row's booking when it spans several (one card per date). */
  groupDates: number;
  busy: boolean;
  outcome: Outcome;
  /** Whether the cancel question is up, over the details. */
  confirming: boolean;
  /** What the change policy lets the customer do now (docs/change-policy.md); undefined while it loads. */
  options: ChangeOptions | undefined;
  /** Why the options could not be read, if they could not. */
  optionsError: string | null;
  onClose: () => void;
  onPayRest: (row: UserBookingRow) => void;
  onReschedule: () => void;
  onAskCancel: () => void;
  onKeep: () => void;
  /** The customer said yes to cancelling, for the refund shown. */
  onCancel: (row: UserBookingRow, refund: number) => void;
}

/** A booking date's details and what the customer can do with it (docs/cabinet.md#what-it-does «Dashboard»). */
export function BookingDialog(props: Props) {
  const { row, onClose } = props;
  return (
    <ModalOverlay isOpen={row !== null} onOpenChange={(open) => !open && onClose()} isDismissable className="modal-overlay">
      <Modal className="modal-sheet">
        <Dialog className="modal-dialog" data-testid="booking-dialog">
          {row && <Details {...props} row={row} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function Details({ row, groupDates, busy, outcome, confirming, options, optionsError, onClose, onPayRest, onReschedule, onAskCancel, onKeep, onCancel }: Props & { row: UserBookingRow }) {
  const percent = paidPercent(row);
  const rest = owing(row);
  const payNow = payNowUrl(row);
  const plan = planLabel(row);
  const refund = refundText(row);
  const hint = paymentHint(row);
  return (
    <>
      <header className="modal-dialog__header">
        <span className={`chip chip--${row.status}`} data-testid="booking-status">
          {BOOKING_STATUS_LABELS[row.status]}
        </span>
        <button type="button" className="modal-dialog__close" aria-label="Закрыть" onClick={onClose}>
          ×
        </button>
      </header>
      <Heading slot="title" className="modal-dialog__title">
        Студия {studioName(row.studio)}
      </Heading>
      <p className="modal-dialog__when">
        <span>{bookingDay(row.date)}</span>
        <strong data-testid="booking-time">{rangesText(row)}</strong>
      </p>
      {groupDates > 1 && (
        <p className="modal-dialog__note">
          Часть брони на {datesText(groupDates)}; вся бронь — {formatRoubles(row.group_total_price)}. Её меняет и отменяет администратор.
        </p>
      )}

      <section className="cabinet-money" aria-label="Оплата">
        <Line term="Стоимость" testId="booking-cost">
          {formatRoubles(row.full_price)}
        </Line>
        <Line term="Оплачено" testId="booking-paid">
          {formatRoubles(row.paid_amount)} ({percent}%)
        </Line>
        <ProgressBar value={percent} aria-label="Оплачено от стоимости">
          <span className="cabinet-progress__track">
            <span className="cabinet-progress__fill" style={{ width: `${percent}%` }} />
          </span>
        </ProgressBar>
        <Line term="Осталось" testId="booking-rest">
          {formatRoubles(rest)}
          {hint && <span className="cabinet-money__hint">{hint}</span>}
        </Line>
        {(plan || refund) && (
          <p className="cabinet-money__badges">
            {plan && <span className={`cabinet-badge${plan === 'Оплачено' ? ' cabinet-badge--paid' : ''}`}>{plan}</span>}
            {refund && <span className="cabinet-badge cabinet-badge--refund">{refund}</span>}
          </p>
        )}
      </section>

      <dl className="facts">
        <Fact term="Формат">{BOOKED_FORMAT_LABELS[row.shooting_format]}</Fact>
        {row.photographer_name && <Fact term="Фотограф">{row.photographer_name}</Fact>}
        {row.services.length > 0 && <Fact term="Услуги">{row.services.map((service) => service.name).join(', ')}</Fact>}
        <Fact term="Способ оплаты">{paymentMethodText(row)}</Fact>
        {row.payment_id && <Fact term="Платёж">{row.payment_id}</Fact>}
        {row.rest_payment_id && <Fact term="Доплата">{row.rest_payment_id}</Fact>}
        {row.customer_comment && <Fact term="Комментарий">{row.customer_comment}</Fact>}
      </dl>

      {outcome && (
        <p className={outcome.ok ? 'outcome' : 'outcome outcome--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}

      <footer className="modal-dialog__actions">
        {payNow && (
          <a className="button" href={payNow}>
            Оплатить
          </a>
        )}
        {canPayRest(row) && (
          <button type="button" className="button" disabled={busy} onClick={() => onPayRest(row)}>
            Доплатить {formatRoubles(rest)}
          </button>
        )}
        {row.can_cancel && options?.reschedule.allowed && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={onReschedule}>
            Перенести
          </button>
        )}
        {row.can_cancel && options?.cancel.allowed && (
          <button type="button" className="button button--ghost button--danger" disabled={busy} onClick={onAskCancel}>
            Отменить
          </button>
        )}
        {row.status === 'confirmed' && (
          // The booking as an .ics file the phone or computer opens in its calendar (docs/notifications.md).
          <a className="button button--ghost" href={bookingCalendarPath(row.id)} download="booking.ics" data-testid="add-to-calendar">
            Добавить в календарь
          </a>
        )}
        <a className="button button--ghost" href={BUSINESS.messenger.href} target="_blank" rel="noopener noreferrer">
          Написать администратору
        </a>
      </footer>
      {row.can_cancel && <ChangeTerms options={options} error={optionsError} />}
      {options && (
        <ConfirmDialog
          isOpen={confirming}
          question={CABINET_MESSAGES.confirmCancel(formatRoubles(options.cancel.refund), formatRoubles(options.cancel.kept))}
          confirmLabel="Да, отменить"
          onConfirm={() => onCancel(row, options.cancel.refund)}
          onCancel={onKeep}
        />
      )}
    </>
  );
}

/** The studio's terms under the actions: loading, why a move is not possible, or the free-cancel window. */
function ChangeTerms({ options, error }: { options: ChangeOptions | undefined; error: string | null }) {
  if (error) return <p className="modal-dialog__note" role="alert">{error}</p>;
  if (!options) return <p className="modal-dialog__note">Загружаем условия отмены и переноса…</p>;
  const { policy, reschedule } = options;
  return (
    <p className="modal-dialog__note" data-testid="change-terms">
      Бесплатная отмена — не позднее чем за {policy.free_cancel_hours} ч до начала, позже студия удерживает {policy.late_cancel_kept_percent}% стоимости.{' '}
      {reschedule.allowed ? `Перенос: осталось ${reschedule.remaining}.` : reschedule.reason}
    </p>
  );
}

const plural = new Intl.PluralRules('ru-RU');
const DATE_FORMS: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'дату', few: 'даты' };
const datesText = (count: number) => `${count} ${DATE_FORMS[plural.select(count)] ?? 'дат'}`;

function Line({ term, testId, children }: { term: string; testId: string; children: ReactNode }) {
  return (
    <p className="cabinet-money__line">
      <span>{term}</span>
      <span data-testid={testId}>{children}</span>
    </p>
  );
}
