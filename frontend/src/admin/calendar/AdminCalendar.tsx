import { STUDIO_NAMES, tomskToday, type AdminBookingRow, type Studio } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { selectionKey } from '../../ui/calendar/grid';
import { toggleHalf } from '../../ui/calendar/selection';
import { ReadStates } from '../../ui/ReadStates';
import { BookingModal } from './BookingModal';
import { CalendarGrid } from './CalendarGrid';
import { CELL_STATE_LABELS, type CellState } from './cells';
import { chainsOf } from './chains';
import { CreateBookingModal } from './CreateBookingModal';
import type { SlotOutcome } from './CreateBookingForm';
import { waitsForPayment, type ModalState } from './modal-state';
import { TransferBanner } from './TransferBanner';
import { TransferDialog } from './TransferDialog';
import { adminCalendarKey, useAdminCalendar } from './use-admin-calendar';
import { useTransferMode } from './use-transfer-mode';
import { periodLabel, shiftAnchor, viewDays, type CalendarView } from './view-range';
import './admin-calendar.css';

const LEGEND: readonly CellState[] = ['free', 'paid', 'unpaid', 'selected'];
const NO_ROWS: AdminBookingRow[] = [];

/** The admin calendar of one studio (docs/admin-calendar.md#what-it-does «Admin calendar»). */
export function AdminCalendar({ studio, adminName }: { studio: Studio; adminName: string }) {
  const today = tomskToday(new Date());
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(today);
  const [direction, setDirection] = useState<'next' | 'previous' | null>(null);
  const [multiSelect, setMultiSelect] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const [modal, setModal] = useState<ModalState>(null);

  // Whether the open modal waits for a payment depends on the rows this query brings.
  const [waiting, setWaiting] = useState(false);
  const query = useAdminCalendar(studio, anchor, waiting);
  const client = useQueryClient();
  const onWritten = () => {
    void client.invalidateQueries({ queryKey: adminCalendarKey(studio) });
    void client.invalidateQueries({ queryKey: ['booking-history'] });
  };
  const bookings = query.data?.bookings ?? NO_ROWS;
  const chains = useMemo(() => chainsOf(bookings), [bookings]);
  const days = viewDays(view, anchor);
  const selected = useMemo(() => new Set(selection), [selection]);

  const viewIds = modal?.mode === 'view' || modal?.mode === 'move' ? modal.bookingIds : null;
  const rows = useMemo(() => (viewIds ? bookings.filter((row) => viewIds.includes(row.id)) : NO_ROWS), [bookings, viewIds]);
  useEffect(() => setWaiting(waitsForPayment(modal, rows)), [modal, rows]);
  const transfer = useTransferMode(studio, query.data?.days ?? {}, onWritten);

  const go = (step: -1 | 1) => {
    setDirection(step === 1 ? 'next' : 'previous');
    setAnchor((current) => shiftAnchor(current, view, step));
  };
  const onCreated = (outcomes: SlotOutcome[]) => {
    const answers = outcomes.flatMap((outcome) => ('answer' in outcome ? [outcome.answer] : []));
    const paymentLink = answers.find((answer) => answer.payment_link)?.payment_link ?? null;
    setModal((current) => (current?.mode === 'create' ? { ...current, paymentLink } : current));
    setSelection([]);
    onWritten();
  };
  const onFreeCell = (date: string, cell: string) => {
    if (multiSelect) setSelection((current) => toggleHalf(current, date, cell));
    else setModal({ mode: 'create', keys: [selectionKey(date, cell)], paymentLink: null });
  };

  return (
    <div className="acal">
      <div className="acal__bar">
        <h2 className="acal__title">Календарь — {STUDIO_NAMES[studio]}</h2>
        <div className="acal__views" role="group" aria-label="Вид календаря">
          {(['week', 'day'] as const).map((option) => (
            <button key={option} type="button" className="admin__tab" aria-pressed={view === option} onClick={() => setView(option)}>
              {option === 'week' ? 'Неделя' : 'День'}
            </button>
          ))}
        </div>
        <div className="acal__nav">
          <button type="button" className="admin__tab acal__arrow" aria-label={view === 'week' ? 'Предыдущая неделя' : 'Предыдущий день'} onClick={() => go(-1)}>
            ‹
          </button>
          <p className="acal__period" aria-live="polite" data-testid="calendar-period">
            {periodLabel(days)}
          </p>
          <button type="button" className="admin__tab acal__arrow" aria-label={view === 'week' ? 'Следующая неделя' : 'Следующий день'} onClick={() => go(1)}>
            ›
          </button>
          <button type="button" className="admin__tab" disabled={days.includes(today)} onClick={() => setAnchor(today)}>
            Сегодня
          </button>
        </div>
      </div>

      <div className="acal__tools">
        <ul className="acal__legend" aria-label="Обозначения">
          {LEGEND.map((state) => (
            <li key={state}>
              <span className={`acal__swatch acal-cell--${state}`} aria-hidden="true" />
              {CELL_STATE_LABELS[state]}
            </li>
          ))}
        </ul>
        <div className="acal__selection">
          <button type="button" className="admin__tab" aria-pressed={multiSelect} onClick={() => setMultiSelect((on) => !on)}>
            Выбрать несколько
          </button>
          <button type="button" className="admin__tab" disabled={selection.length === 0} onClick={() => setSelection([])}>
            Очистить выбор
          </button>
          <button
            type="button"
            className="admin__tab acal__create"
            disabled={selection.length === 0}
            onClick={() => setModal({ mode: 'create', keys: selection, paymentLink: null })}
          >
            Создать бронь ({selection.length})
          </button>
        </div>
      </div>

      <TransferBanner mode={transfer} />

      {/* The grid shows its own loading (busy, the cells empty); a failed read takes its place. */}
      <ReadStates failure={query.error && { detail: query.error.message }} onRetry={() => void query.refetch()}>
        <div key={`${view}-${anchor}`} className={`acal__sheet${direction ? ` acal__sheet--${direction}` : ''}`} aria-busy={query.isPending}>
          <CalendarGrid
            days={days}
            today={today}
            data={query.data?.days ?? {}}
            chains={chains}
            selected={selected}
            onFreeCell={onFreeCell}
            onChain={(chain) => setModal({ mode: 'view', chainKey: chain.key, bookingIds: [...new Set(chain.rows.map((row) => row.id))] })}
            onOrphan={(date, cell, slot) => setModal({ mode: 'orphan', date, cell, slot })}
            transfer={transfer.selection ? { moving: transfer.selection.chosen, preview: transfer.preview, onHover: transfer.hover, onLeave: transfer.unhover, onPick: transfer.pick } : undefined}
          />
        </div>
      </ReadStates>

      <BookingModal
        modal={modal?.mode === 'view' || modal?.mode === 'orphan' ? modal : null}
        rows={rows}
        studio={studio}
        adminName={adminName}
        onWritten={onWritten}
        onMove={() => modal?.mode === 'view' && setModal({ ...modal, mode: 'move' })}
        onClose={() => setModal(null)}
      />
      <TransferDialog
        isOpen={modal?.mode === 'move'}
        rows={rows}
        onContinue={(selection) => {
          setModal(null);
          transfer.start(selection);
        }}
        onCancel={() => modal?.mode === 'move' && setModal({ ...modal, mode: 'view' })}
      />
      <CreateBookingModal
        studio={studio}
        keys={modal?.mode === 'create' ? modal.keys : null}
        onCreated={onCreated}
        onClose={() => setModal(null)}
      />
    </div>
  );
}
