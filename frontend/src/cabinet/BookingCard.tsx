import { formatRoubles, type UserBookingRow } from '@studio/domain';
import { bookingDay, rangesText, studioName } from './format';
import { BOOKING_STATUS_LABELS, planLabel, refundText } from './payment-view';
import '../ui/chip.css';

/** One booking date in a section; the whole card opens its details. */
export function BookingCard({ row, onOpen }: { row: UserBookingRow; onOpen: () => void }) {
  const payment = refundText(row) ?? planLabel(row) ?? 'Не оплачено';
  return (
    <li>
      <button type="button" className="booking-card" onClick={onOpen} aria-haspopup="dialog" data-testid="booking-card">
        <span className="booking-card__top">
          <span className="booking-card__day">{bookingDay(row.date)}</span>
          <span className={`chip chip--${row.status}`}>{BOOKING_STATUS_LABELS[row.status]}</span>
        </span>
        <span className="booking-card__time">{rangesText(row)}</span>
        <span className="booking-card__studio">
          Студия {studioName(row.studio)}
          {row.group_id ? ' · часть брони на несколько дат' : ''}
        </span>
        <span className="booking-card__money">
          <strong>{formatRoubles(row.full_price)}</strong>
          <span>{payment}</span>
        </span>
      </button>
    </li>
  );
}
