import { ADMIN_SHOOTING_FORMAT_LABELS, type AdminBookingRow, formatRoubles, phoneText, type Studio } from '@studio/domain';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { dayLabel } from '../../ui/calendar/labels';
import { Fact } from '../../ui/Fact';
import { AdminModal } from '../../ui/AdminModal';
import { ModalSection } from './ModalSection';
import { DeleteAction, ExtraPayment, NoteEditor, RefundForm } from './BookingActions';
import { fetchBookingHistory } from './api';
import type { ModalState } from './modal-state';
import { paymentSummary } from './payment-summary';
import { tomskDateTime } from '../../ui/tomsk-time';

interface Props {
  modal: Extract<ModalState, { mode: 'view' | 'orphan' }> | null;
  /** The open card's bookings, every range of them the calendar has. */
  rows: readonly AdminBookingRow[];
  studio: Studio;
  adminName: string;
  onWritten: () => void;
  /** «Перенести»: on to the transfer-selection dialog. */
  onMove: () => void;
  onClose: () => void;
}

/** A card's booking in view mode (docs/admin-calendar.md#what-it-does «Booking detail modal»), or the warning for a taken cell without one. */
export function BookingModal({ modal, rows, studio, adminName, onWritten, onMove, onClose }: Props) {
  return (
    <AdminModal isOpen={modal !== null} title={modal?.mode === 'orphan' ? 'Нет данных о бронировании' : 'Бронирование'} testId="booking-modal" onClose={onClose}>
      {modal?.mode === 'orphan' && <OrphanCard modal={modal} />}
      {modal?.mode === 'view' && rows[0] && <Details rows={rows} first={rows[0]} studio={studio} adminName={adminName} onWritten={onWritten} onMove={onMove} />}
      {modal?.mode === 'view' && !rows[0] && (
        <>
          <p className="acal-dialog__muted" role="status">
            Бронирования больше нет в календаре: его удалили или перенесли. Его история — ниже.
          </p>
          <History bookingIds={modal.bookingIds} />
        </>
      )}
    </AdminModal>
  );
}

function OrphanCard({ modal }: { modal: Extract<ModalState, { mode: 'orphan' }> }) {
  const { slot } = modal;
  return (
    <div className="acal-warning" role="note">
      <p>
        Слот {dayLabel(modal.date)}, {modal.cell} занят, но данных о бронировании нет. Возможно, клиент ещё оформляет оплату или список бронирований не успел обновиться.
      </p>
      <dl className="facts">
        <Fact term="Телефон">{slot.customerPhone ? phoneText(slot.customerPhone) : '—'}</Fact>
        <Fact term="ID пользователя">{slot.userId ?? '—'}</Fact>
        <Fact term="Человек">{slot.people_count ?? '—'}</Fact>
      </dl>
    </div>
  );
}

const telegramOf = (phone: string) => `https://t.me/+${phone.replace(/\D/g, '')}`;

type Writer = Pick<Props, 'studio' | 'adminName' | 'onWritten'>;

function Details({ rows, first, onMove, ...writer }: { rows: readonly AdminBookingRow[]; first: AdminBookingRow; onMove: () => void } & Writer) {
  const bookingIds = [...new Set(rows.map((row) => row.id))];
  const bookings = bookingIds.map((id) => rows.find((row) => row.id === id)!);
  const comments = [...new Set(bookings.map((row) => row.customer_comment.trim()).filter(Boolean))];
  const notes = bookings.flatMap((row) => row.notes);
  return (
    <>
      <ModalSection title="Клиент">
        <p className="acal-dialog__client" data-testid="client-name">
          {first.customer_name || 'Без имени'}
        </p>
        <dl className="facts">
          {first.customer_phone && <Fact term="Телефон">{phoneText(first.customer_phone)}</Fact>}
          {first.customer_email && <Fact term="Почта">{first.customer_email}</Fact>}
          {first.user_id && <Fact term="ID пользователя">{first.user_id}</Fact>}
        </dl>
        <p className="acal-links">
          {first.customer_phone && (
            <>
              <a className="acal-link" href={`tel:+${first.customer_phone}`}>
                Позвонить
              </a>
              <a className="acal-link" href={telegramOf(first.customer_phone)} target="_blank" rel="noopener noreferrer">
                Написать в Telegram
              </a>
            </>
          )}
          {first.customer_email && (
            <a className="acal-link" href={`mailto:${first.customer_email}`}>
              Написать письмо
            </a>
          )}
        </p>
      </ModalSection>

      <ModalSection title="Интервалы">
        <ul className="acal-list" data-testid="booking-intervals">
          {rows.map((row) => (
            <li key={`${row.id}-${row.date}-${row.time_start}`}>
              {dayLabel(row.date)}, {row.time_start}–{row.time_end}
            </li>
          ))}
        </ul>
      </ModalSection>

      <ModalSection title="Услуги">
        <dl className="facts">
          <Fact term="Формат">{ADMIN_SHOOTING_FORMAT_LABELS[first.shooting_format]}</Fact>
          <Fact term="Человек">{first.people_count}</Fact>
          {first.photographer && <Fact term="Фотограф">{first.photographer}</Fact>}
        </dl>
        {bookings.some((row) => row.services.length > 0) ? (
          <ul className="acal-list">
            {bookings.flatMap((row) =>
              row.services.map((service, index) => (
                <li key={`${row.id}-${index}`}>
                  {service.name} — {formatRoubles(service.price)}
                </li>
              )),
            )}
          </ul>
        ) : (
          <p className="acal-dialog__muted">Без дополнительных услуг</p>
        )}
      </ModalSection>

      <ModalSection title="Комментарий клиента">
        {comments.length > 0 ? comments.map((text) => <p key={text} className="acal-dialog__comment">{text}</p>) : <p className="acal-dialog__muted">Нет комментария</p>}
      </ModalSection>

      <ModalSection title="Заметки администратора">
        {notes.length > 0 ? (
          <ul className="acal-notes">
            {notes.map((note, index) => (
              <li key={index}>
                <p>{note.text}</p>
                <span>
                  {note.adminName}, {tomskDateTime(note.date)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="acal-dialog__muted">Заметок пока нет</p>
        )}
        <NoteEditor {...writer} row={first} />
      </ModalSection>

      {bookings.map((row) => (
        <Payment key={row.id} row={row} titled={bookings.length > 1} {...writer} />
      ))}

      <footer className="acal-dialog__actions">
        <button type="button" className="acal-button acal-button--ghost" onClick={onMove}>
          Перенести
        </button>
        <DeleteAction rows={bookings} studio={writer.studio} onWritten={writer.onWritten} />
      </footer>

      <History bookingIds={bookingIds} />
    </>
  );
}

function Payment({ row, titled, ...writer }: { row: AdminBookingRow; titled: boolean } & Writer) {
  const summary = paymentSummary(row);
  const [refundOpen, setRefundOpen] = useState(false);
  return (
    <ModalSection title={titled ? `Оплата брони ${row.time_start}–${row.time_end}` : 'Оплата'}>
      <dl className="facts" data-testid="payment-summary">
        <Fact term="Стоимость">{formatRoubles(summary.fullPrice)}</Fact>
        <Fact term="Оплачено">
          {formatRoubles(summary.paidAmount)} · <span className={summary.fullyPaid ? 'acal-paid' : 'acal-unpaid'}>{summary.paidLabel}</span>
        </Fact>
        <Fact term="Осталось">{formatRoubles(summary.outstandingAmount)}</Fact>
        <Fact term="Доплата">
          {summary.restStatusText}
          {summary.restPaymentAmount !== null && summary.restPaymentAmount > 0 && ` · ${formatRoubles(summary.restPaymentAmount)}`}
        </Fact>
      </dl>
      {summary.outstandingAmount > 0 && row.shooting_format !== 'technical' && <ExtraPayment {...writer} row={row} outstanding={summary.outstandingAmount} />}
      <Disclosure isExpanded={refundOpen} onExpandedChange={setRefundOpen}>
        <Button slot="trigger" className="acal-refund__trigger">
          {refundOpen ? 'Скрыть возврат' : 'Возврат'} · доступно {formatRoubles(summary.refundAvailable)}
        </Button>
        <DisclosurePanel className="acal-refund__panel">
          {summary.paymentsForRefund.length > 0 && (
            <ul className="acal-list">
              {summary.paymentsForRefund.map((payment) => (
                <li key={payment.paymentId}>
                  {payment.label} {payment.paymentId.slice(0, 20)} — {payment.statusLabel}, оплачено {formatRoubles(payment.amountPaid)}, возвращено {formatRoubles(payment.refundedSuccess)}
                  {payment.refundedPending > 0 && `, в обработке ${formatRoubles(payment.refundedPending)}`}, доступно {formatRoubles(payment.available)}
                </li>
              ))}
            </ul>
          )}
          <RefundForm {...writer} row={row} payments={summary.paymentsForRefund} />
        </DisclosurePanel>
      </Disclosure>
    </ModalSection>
  );
}

function History({ bookingIds }: { bookingIds: readonly string[] }) {
  const histories = useQueries({
    queries: bookingIds.map((id) => ({ queryKey: ['booking-history', id], queryFn: ({ signal }: { signal: AbortSignal }) => fetchBookingHistory(id, signal), staleTime: 0 })),
  });
  return (
    <ModalSection title="История">
      {histories.map((history, index) => (
        <div key={bookingIds[index]} data-testid="booking-history">
          {history.isPending && <p className="acal-dialog__muted">Загрузка истории…</p>}
          {history.error && <p className="acal-dialog__error" role="alert">{history.error.message}</p>}
          {history.data && (
            <ol className="acal-history">
              {history.data.map((entry, position) => (
                <li key={position}>
                  <time dateTime={entry.at}>{entry.at_tomsk}</time>
                  <span className="acal-history__who">{entry.actor.name}</span>
                  <span>{entry.description}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </ModalSection>
  );
}
