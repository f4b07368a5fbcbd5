import { tomskDateTimeLocal } from '@studio/domain';
import { Link } from 'react-router-dom';
import { dayLabel } from '../ui/calendar/labels';
import type { OfferState } from './use-waitlist-offer';

/** What the booking page says about the waitlist offer it was opened with (docs/waitlist.md). */
export function OfferBanner({ offer }: { offer: OfferState }) {
  switch (offer.kind) {
    case 'none':
      return null;
    case 'loading':
      return (
        <p className="booking-offer" role="status">
          Загружаем предложение из листа ожидания…
        </p>
      );
    case 'signed-out':
      return (
        <p className="booking-offer booking-offer--problem" role="alert">
          Войдите в аккаунт, чтобы забронировать время из листа ожидания. <Link to="/login">Войти</Link>
        </p>
      );
    case 'gone':
      return (
        <p className="booking-offer booking-offer--problem" role="alert">
          Предложение из листа ожидания больше не действует. Выберите свободное время в календаре.
        </p>
      );
    case 'failed':
      return (
        <p className="booking-offer booking-offer--problem" role="alert">
          {offer.message}
        </p>
      );
    case 'ready': {
      const { entry } = offer;
      return (
        <p className="booking-offer" role="status" data-testid="waitlist-offer">
          Время из листа ожидания: <strong>{dayLabel(entry.date)}, {entry.time_start}–{entry.time_end}</strong>. Оно держится за вами до{' '}
          {tomskDateTimeLocal(new Date(entry.offer.expires_at)).slice(11, 16)}.
        </p>
      );
    }
  }
}
