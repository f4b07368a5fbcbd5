import { formatRoubles, isStudio, type Studio } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { SlotCalendar } from '../ui/calendar/SlotCalendar';
import type { SelectionMode } from '../ui/calendar/types';
import { useCalendarPricing } from '../ui/calendar/use-pricing';
import { CABINET_MESSAGES, quoteReschedule, rescheduleBooking } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { bookingDay, rangesText } from './format';
import { useChangeOptions } from './use-change-options';
import { useUserBookings } from './use-user-bookings';
import { readUser } from '../session/user';
import { differenceText, rangeOfSelection, type ChosenRange } from './reschedule-range';
import '../ui/calendar/calendar-page.css';
import './reschedule.css';

/**
 * /{studio}/reschedule?booking={id}: the studio's calendar in reschedule mode (docs/change-policy.md).
 * The booking's own time is named above the calendar and marked in it as «Ваша бронь»; the customer
 * picks one range of one date, sees the new price and the difference, and confirms.
 */
export default function ReschedulePage() {
  const { studio } = useParams();
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  const user = readUser() as { id?: string } | null;
  if (!user?.id) return <Navigate to="/login" replace />;
  if (!isStudio(studio) || !bookingId) return <Navigate to="/dashboard" replace />;
  return <Reschedule key={bookingId} studio={studio} bookingId={bookingId} userId={user.id} />;
}

function Reschedule({ studio, bookingId, userId }: { studio: Studio; bookingId: string; userId: string }) {
  const navigate = useNavigate();
  const pricing = useCalendarPricing(studio);
  const [mode, setMode] = useState<SelectionMode>('hour');
  const [selection, setSelection] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const row = useUserBookings(userId).data?.find((booking) => booking.id === bookingId);
  const options = useChangeOptions(bookingId);
  const chosen = rangeOfSelection(selection);
  const range = chosen && chosen !== 'split' ? chosen : null;
  const quote = useQuery({
    queryKey: ['reschedule-quote', bookingId, range],
    queryFn: () => quoteReschedule(bookingId, range!),
    enabled: range !== null,
    retry: false,
  });

  const changeMode = (next: SelectionMode) => {
    setMode(next);
    setSelection([]);
  };
  const confirm = async (to: ChosenRange, difference: number) => {
    setAsking(false);
    setBusy(true);
    setFailure(null);
    try {
      const confirmationUrl = await rescheduleBooking(bookingId, { ...to, expected_difference: difference });
      if (confirmationUrl) window.location.assign(confirmationUrl);
      else navigate('/dashboard', { state: { notice: CABINET_MESSAGES.rescheduled } });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : CABINET_MESSAGES.rescheduleFailed);
      void quote.refetch();
    } finally {
      setBusy(false);
    }
  };

  const refused = options.data && !options.data.reschedule.allowed ? options.data.reschedule.reason : null;
  return (
    <div className="booking">
      <header>
        <h1 className="booking__title">Перенос бронирования</h1>
        <p className="booking__lead" data-testid="reschedule-current">
          {row ? `Сейчас: ${bookingDay(row.date)}, ${rangesText(row)} — в календаре отмечено «Ваша бронь».` : 'Загружаем бронирование…'}
        </p>
        <p className="booking__lead">Выберите новое время одним интервалом в один день. Цена — по сегодняшним ценам студии.</p>
      </header>
      {refused && (
        <p className="reschedule__note reschedule__note--error" role="alert">
          {refused}
        </p>
      )}
      {options.error && (
        <p className="reschedule__note reschedule__note--error" role="alert">
          {(options.error as Error).message}
        </p>
      )}
      <div className="booking__layout">
        <SlotCalendar studio={studio} mode={mode} onModeChange={changeMode} selection={selection} onSelectionChange={setSelection} pricing={pricing} />
        <aside className="reschedule__summary" aria-live="polite" data-testid="reschedule-summary">
          {chosen === null && <p>Новое время не выбрано</p>}
          {chosen === 'split' && <p role="alert">Выберите непрерывный интервал в один день</p>}
          {range && quote.isPending && <p>Считаем стоимость…</p>}
          {range && quote.error && <p role="alert">{(quote.error as Error).message}</p>}
          {range && quote.data && (
            <>
              <p className="reschedule__when">
                {bookingDay(range.date)}, {range.time_start}–{range.time_end}
              </p>
              <p>Новая стоимость: {formatRoubles(quote.data.price)}</p>
              <p className="reschedule__difference" data-testid="reschedule-difference">
                {differenceText(quote.data.difference, formatRoubles)}
              </p>
              <button type="button" className="button" disabled={busy || Boolean(refused)} onClick={() => setAsking(true)}>
                Перенести
              </button>
            </>
          )}
          {failure && (
            <p className="reschedule__note reschedule__note--error" role="alert">
              {failure}
            </p>
          )}
          <Link className="button button--ghost" to="/dashboard">
            Вернуться в кабинет
          </Link>
        </aside>
      </div>
      {range && quote.data && (
        <ConfirmDialog
          isOpen={asking}
          question={`Перенести на ${bookingDay(range.date)}, ${range.time_start}–${range.time_end}?`}
          detail={differenceText(quote.data.difference, formatRoubles)}
          confirmLabel="Да, перенести"
          onConfirm={() => void confirm(range, quote.data.difference)}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
}
