import { type AdminClient, formatRoubles, phoneText } from '@studio/domain';
import { bookingsText, clientName, shortDay } from './client-format';

/** One client of the grid (docs/clients.md#what-it-does «card grid»): who, how to reach them, what they booked; opens the detail. */
export function ClientCard({ client, onOpen }: { client: AdminClient; onOpen: () => void }) {
  const { stats } = client;
  return (
    <li data-testid="client-card">
      <button type="button" className="aclients__open" onClick={onOpen}>
        <span className="aclients__name">{clientName(client)}</span>
        {client.user_id && <span className="aclients__badge">Аккаунт</span>}
        <span className="aclients__phone">{phoneText(client.phone)}</span>
        <span className="aclients__email">{client.email || 'Почта не указана'}</span>
        <span className="aclients__stats">
          <span>{bookingsText(stats.totalBookings)}</span>
          <span>{formatRoubles(stats.totalSpent)}</span>
        </span>
        <span className="aclients__last">{stats.lastBookingDate ? `Последняя бронь: ${shortDay(stats.lastBookingDate)}` : 'Броней пока нет'}</span>
      </button>
    </li>
  );
}
