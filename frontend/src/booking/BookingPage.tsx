import { isStudio, type SelectedSlot, type Studio } from '@studio/domain';
import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router-dom';
import { Toaster } from 'sonner';
import { fetchFirstWeeksEarly } from '../calendar/early-fetch';
import { SelectionSummary } from '../calendar/SelectionSummary';
import { parseSelectionKey } from '../calendar/grid';
import { SlotCalendar } from '../calendar/SlotCalendar';
import { useCalendarPricing } from '../calendar/use-pricing';
import { useSavedSlots } from './saved-slots';
import { StepIndicator } from './StepIndicator';
import './booking.css';

fetchFirstWeeksEarly(window.location.pathname);

/** /{studio}/booking: four steps, the slot calendar being the first. */
export default function BookingPage() {
  const { studio } = useParams();
  if (!isStudio(studio)) return null;
  return <StudioBooking key={studio} studio={studio} />;
}

function StudioBooking({ studio }: { studio: Studio }) {
  const { mode, setMode, selection, setSelection } = useSavedSlots(studio);
  const pricing = useCalendarPricing(studio);
  const removeSlot = useCallback((slot: SelectedSlot) => {
    const [start = '', end = ''] = slot.time.split('-');
    setSelection((prev) =>
      prev.filter((key) => {
        const cell = parseSelectionKey(key);
        return !(cell.date === slot.date && cell.cell >= start && cell.end <= end);
      }),
    );
  }, [setSelection]);

  return (
    <div className="booking">
      <StepIndicator current={1} />
      <div className="booking__step">
        <header className="booking__intro">
          <h1 className="booking__title">Дата и время</h1>
          <p className="booking__lead">Отметьте свободные часы в календаре — можно выбрать несколько дней сразу.</p>
        </header>
        <div className="booking__layout">
          <SlotCalendar studio={studio} mode={mode} onModeChange={setMode} selection={selection} onSelectionChange={setSelection} pricing={pricing} />
          <SelectionSummary selection={selection} pricing={pricing} onRemove={removeSlot} />
        </div>
      </div>
      {/* News about the chosen time shows where the visitor looks, however far they have scrolled.
          A portal, because the page-slide animation's transform would pin fixed toasts to the page. */}
      {createPortal(
        <Toaster
          className="booking-toasts"
          position="top-center"
          // Below the sticky studio tabs.
          offset={{ top: '4.5rem' }}
          mobileOffset={{ top: '4rem' }}
          closeButton
          duration={12_000}
          customAriaLabel="Уведомления"
          toastOptions={{ closeButtonAriaLabel: 'Закрыть уведомление' }}
        />,
        document.body,
      )}
    </div>
  );
}
