import { ADMIN_SHOOTING_FORMAT_LABELS, type AdminClient, type AdminClientBooking, formatRoubles, phoneText } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { registeredOn, studioName } from '../../cabinet';
import { Fact } from '../../ui/Fact';
import { AdminModal } from '../../ui/AdminModal';
import { ModalSection } from '../calendar/ModalSection';
import { tomskDateTime } from '../../ui/tomsk-time';
import { ReadStates } from '../../ui/ReadStates';
import { fetchClient } from './api';
import { BOOKING_STATUS_LABELS, clientName, shortDay } from './client-format';
import '../../ui/chip.css';

/** The client detail modal (docs/clients.md#what-it-does): contacts, statistics and the booking history, read fresh on opening. */
export function ClientModal({ client, onClose }: { client: AdminClient | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['admin-client', client?.id], queryFn: ({ signal }) => fetchClient(client!.id, signal), enabled: client !== null, staleTime: 0 });
  const shown = detail.data?.client ?? client;
  return (
    <AdminModal isOpen={client !== null} title={shown ? clientName(shown) : 'Клиент'} testId="client-modal" onClose={onClose}>
      {shown && <Contacts client={shown} />}
      <ReadStates loading={detail.isPending} loadingText="Загрузка информации о клиенте…" failure={detail.error && { detail: detail.error.message }} onRetry={() => void detail.refetch()}>
        {detail.data && (
          <>
            <ModalSection title="Статистика">
              <dl className="facts" data-testid="client-stats">
                <Fact term="Бронирований">{detail.data.stats.totalBookings}</Fact>
                <Fact term="Потрачено">{formatRoubles(detail.data.stats.totalSpent)}</Fact>
                <Fact term="Последняя бронь">{detail.data.stats.lastBookingDate ? shortDay(detail.data.stats.lastBookingDate) : '—'}</Fact>
                <Fact term="Оформлена">{detail.data.stats.lastBookingCreated ? tomskDateTime(detail.data.stats.lastBookingCreated) : '—'}</Fact>
                <Fact term="Клиент с">{registeredOn(detail.data.client.created_at) ?? '—'}</Fact>
                <Fact term="Последний вход">{detail.data.client.last_login ? tomskDateTime(detail.data.client.last_login) : detail.data.client.user_id ? '—' : 'Нет аккаунта'}</Fact>
              </dl>
            </ModalSection>
            <ModalSection title="История бронирований">
              {detail.data.bookings.length > 0 ? (
                <ul className="aclients__history" data-testid="client-history">
                  {detail.data.bookings.map((booking) => (
                    <HistoryItem key={booking.id} booking={booking} />
                  ))}
                </ul>
              ) : (
                <p className="acal-dialog__muted">Бронирований пока нет</p>
              )}
            </ModalSection>
          </>
        )}
      </ReadStates>
    </AdminModal>
  );
}

function Contacts({ client }: { client: AdminClient }) {
  return (
    <ModalSection title="Контакты">
      <dl className="facts">
        <Fact term="Телефон">
          <a className="acal-link" href={`tel:${client.phone}`}>
            {phoneText(client.phone)}
          </a>
        </Fact>
        <Fact term="Почта">
          {client.email ? (
            <a className="acal-link" href={`mailto:${client.email}`}>
              {client.email}
            </a>
          ) : (
            'не указана'
          )}
        </Fact>
        {client.user_id && <Fact term="ID пользователя">{client.user_id}</Fact>}
      </dl>
    </ModalSection>
  );
}

function HistoryItem({ booking }: { booking: AdminClientBooking }) {
  const statusClass = booking.status === 'pending' ? '' : ` chip--${booking.status}`;
  return (
    <li className="aclients__booking">
      <span className="aclients__when">
        {booking.ranges.map((range) => `${shortDay(range.date)}, ${range.time_start}–${range.time_end}`).join('; ')}
      </span>
      <span className={`chip${statusClass}`}>{BOOKING_STATUS_LABELS[booking.status]}</span>
      <span className="aclients__what">
        {studioName(booking.studio)} · {ADMIN_SHOOTING_FORMAT_LABELS[booking.shooting_format]}
        {booking.services.length > 0 && ` · ${booking.services.map((service) => `${service.name} (${formatRoubles(service.price)})`).join(', ')}`}
      </span>
      <span className="aclients__money">
        {formatRoubles(booking.total_price)} · оплачено {formatRoubles(booking.paid_amount)}
      </span>
    </li>
  );
}
