import { adminWaitlistAnswerSchema, phoneText, russianDate, tomskDateTimeLocal, tomskToday, WAITLIST_STATUS_LABELS, type Studio } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { ListStates } from '../../ui/ListStates';
import { StaffTable } from '../StaffListParts';
import { reasonOf } from '../staff-list';
import '../staff-list.css';

/** An instant as Tomsk's «28.11.2026 09:23». */
const tomskWhen = (iso: string) => {
  const local = tomskDateTimeLocal(new Date(iso));
  return `${russianDate(local.slice(0, 10))} ${local.slice(11, 16)}`;
};

const COLUMNS = ['Время', 'Место', 'Клиент', 'Телефон', 'Email', 'Статус', 'Встал в очередь'] as const;

/**
 * Staff's waitlist of one day (docs/waitlist.md): every line of the studio that day, in line order,
 * with each customer's contacts and the open offer's end. GET /api/admin/waitlist?date.
 */
export function WaitlistScreen({ studio }: { studio: Studio }) {
  const [date, setDate] = useState(() => tomskToday(new Date()));
  const list = useQuery({
    queryKey: ['admin', 'waitlist', date],
    queryFn: async ({ signal }) => (await callApi('GET', `/api/admin/waitlist?${new URLSearchParams({ date })}`, adminWaitlistAnswerSchema, { signal })).entries,
    enabled: date !== '',
    refetchInterval: 30_000,
  });
  const rows = list.data?.filter((entry) => entry.studio === studio) ?? [];
  return (
    <div className="staff-list" data-testid="admin-waitlist">
      <h2 className="admin__screen-title">Лист ожидания</h2>
      <label className="staff-list__muted">
        День{' '}
        <input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </label>
      <ListStates
        loading={list.isPending}
        failure={list.error ? { title: 'Не удалось загрузить лист ожидания', detail: reasonOf(list.error) } : null}
        onRetry={() => void list.refetch()}
        empty={list.isSuccess && rows.length === 0 ? <p className="admin__empty">В этот день в листе ожидания никого нет.</p> : null}
      >
        {rows.length > 0 && (
          <StaffTable columns={COLUMNS}>
            {rows.map((entry) => (
              <tr key={entry.id}>
                <td>
                  {entry.time_start}–{entry.time_end}
                </td>
                <td>{entry.position ?? '—'}</td>
                <td>{entry.customer.name || '—'}</td>
                <td>{entry.customer.phone ? phoneText(entry.customer.phone) : '—'}</td>
                <td>{entry.customer.email ?? '—'}</td>
                <td>
                  {WAITLIST_STATUS_LABELS[entry.status]}
                  {entry.offer && ` до ${tomskDateTimeLocal(new Date(entry.offer.expires_at)).slice(11, 16)}`}
                </td>
                <td>{tomskWhen(entry.joined_at)}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </ListStates>
    </div>
  );
}
