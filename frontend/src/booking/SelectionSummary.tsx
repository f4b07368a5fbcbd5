import { calendarTotal, formatRoubles, GROUP_DISCOUNT_PERCENT, mergeSelection, tomskToday, type SelectedSlot } from '@studio/domain';
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { dayLabel } from '../ui/calendar/labels';
import type { CalendarPricing } from '../ui/calendar/use-pricing';

export interface SelectionSummaryProps {
  selection: string[];
  pricing: CalendarPricing;
  onRemove: (slot: SelectedSlot) => void;
  /** Step 2 of the booking flow; wired by the booking steps. */
  onNext?: () => void;
}

const durationText = (slot: SelectedSlot) => (slot.durationMinutes === 60 ? '1 ч' : '30 мин');

/** The chosen time merged into hours, with the subtotal, the one discount that applies, and the total. */
export function SelectionSummary({ selection, pricing, onRemove, onNext }: SelectionSummaryProps) {
  const { prices, rules, groupDiscountEnabled } = pricing;
  const slots = useMemo(() => mergeSelection(selection, prices), [selection, prices]);
  const total = calendarTotal({ slots, rules, today: tomskToday(new Date()), groupDiscountEnabled });
  const byDate = new Map<string, SelectedSlot[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const minutes = slots.reduce((sum, s) => sum + s.durationMinutes, 0);

  return (
    <aside className="cal-summary" aria-label="Выбранное время" aria-live="polite">
      <h2 className="cal-summary__title">Выбранное время</h2>
      {slots.length === 0 ? (
        <p className="cal-summary__empty">Выберите свободное время в календаре.</p>
      ) : (
        <ul className="cal-summary__days">
          {[...byDate].map(([date, daySlots]) => (
            <li key={date}>
              <p className="cal-summary__date">{dayLabel(date)}</p>
              <ul className="cal-summary__slots">
                {daySlots.map((slot) => (
                  <li key={slot.time} className="cal-summary__slot" data-testid="summary-slot">
                    <span className="cal-summary__time">{slot.time.replace('-', '–')}</span>
                    <span className="cal-summary__duration">{durationText(slot)}</span>
                    <span>{formatRoubles(slot.price)}</span>
                    <button type="button" className="cal-summary__remove" onClick={() => onRemove(slot)} aria-label={`Убрать ${dayLabel(date)}, ${slot.time.replace('-', '–')}`}>
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}

      {groupDiscountEnabled && total.discountKind !== 'group' && (
        <p className="cal-summary__hint">Скидка {GROUP_DISCOUNT_PERCENT}% при бронировании от 2 часов подряд в один день.</p>
      )}

      <dl className="cal-summary__totals">
        {slots.length > 0 && (
          <div>
            <dt>Сумма · {formatDuration(minutes)}</dt>
            <dd data-testid="summary-subtotal">{formatRoubles(total.subtotal)}</dd>
          </div>
        )}
        {total.discountKind && (
          <div className="cal-summary__discount">
            <dt>
              <span className="cal-badge" data-testid="summary-discount">−{total.discountPercent}%</span>
              {total.discountKind === 'group' ? 'Скидка от 2 часов' : 'Скидка на дату'}
            </dt>
            <dd>−{formatRoubles(total.discount)}</dd>
          </div>
        )}
        <div className="cal-summary__total">
          <dt>Итого</dt>
          <dd data-testid="summary-total">{formatRoubles(total.total)}</dd>
        </div>
      </dl>

      <button type="button" className="cal-summary__next" disabled={slots.length === 0} onClick={onNext}>
        Далее
      </button>

      {slots.length > 0 &&
        // Phones: the total and the next step stay in reach while the visitor scrolls the calendar.
        // A portal, because the page-slide animation's transform would pin a fixed bar to the page.
        createPortal(
        <div className="cal-summary-bar" aria-hidden="true">
          <span>
            {formatDuration(minutes)}
            {total.discountKind && <span className="cal-badge">−{total.discountPercent}%</span>}
          </span>
          <strong>{formatRoubles(total.total)}</strong>
          <button type="button" tabIndex={-1} onClick={onNext}>
            Далее
          </button>
        </div>,
          document.body,
        )}
    </aside>
  );
}

function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} ч` : '', rest ? `${rest} мин` : ''].filter(Boolean).join(' ');
}
