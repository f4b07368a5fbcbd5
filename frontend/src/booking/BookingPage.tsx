import { isStudio, type SelectedSlot, type Studio } from '@studio/domain';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fetchFirstWeeksEarly } from '../calendar/early-fetch';
import { SelectionSummary } from '../calendar/SelectionSummary';
import { parseSelectionKey } from '../calendar/grid';
import { SlotCalendar } from '../calendar/SlotCalendar';
import { useCalendarPricing } from '../calendar/use-pricing';
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
  const [selection, setSelection] = useState<string[]>([]);
  const pricing = useCalendarPricing(studio);
  const removeSlot = useCallback((slot: SelectedSlot) => {
    const [start = '', end = ''] = slot.time.split('-');
    setSelection((prev) =>
      prev.filter((key) => {
        const cell = parseSelectionKey(key);
        return !(cell.date === slot.date && cell.cell >= start && cell.end <= end);
      }),
    );
  }, []);

  return (
    <div className="booking">
      <StepIndicator current={1} />
      <div className="booking__step">
        <header className="booking__intro">
          <h1 className="booking__title">Дата и время</h1>
          <p className="booking__lead">Отметьте свободные часы в календаре — можно выбрать несколько дней сразу.</p>
        </header>
        <div className="booking__layout">
          <SlotCalendar studio={studio} selection={selection} onSelectionChange={setSelection} pricing={pricing} />
          <SelectionSummary selection={selection} pricing={pricing} onRemove={removeSlot} />
        </div>
      </div>
    </div>
  );
}
