import { tomskDateTimeLocal, WAITLIST_STATUS_LABELS, waitlistAnswerSchema, waitlistLeaveAnswerSchema, type WaitlistEntry } from '@studio/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { callApi, reasonOr } from '../api/client';
import { bookingDay, studioName } from './format';
import '../ui/chip.css';

const WAITLIST_KEY = ['waitlist', 'mine'] as const;
/** An offer lasts half an hour: the list is read again each half minute while one is open or someone waits. */
const REFRESH_MS = 30_000;

const live = (entry: WaitlistEntry) => entry.status === 'waiting' || entry.status === 'offered';

/** The cabinet's waitlist (docs/waitlist.md): the customer's entries, their place in line and open offers. */
export function WaitlistSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: WAITLIST_KEY,
    queryFn: async ({ signal }) => (await callApi('GET', '/api/waitlist', waitlistAnswerSchema, { signal })).entries,
    refetchInterval: (query) => (query.state.data?.some(live) ? REFRESH_MS : false),
  });
  const leave = useMutation({
    mutationFn: (entryId: string) => callApi('DELETE', `/api/waitlist/${encodeURIComponent(entryId)}`, waitlistLeaveAnswerSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
  if (list.isSuccess && list.data.length === 0) return null;
  return (
    <section className="cabinet-section" aria-labelledby={id} data-testid="cabinet-waitlist">
      <h2 id={id}>Лист ожидания</h2>
      {list.isPending && (
        <p className="list-loading" role="status">
          Загружаем лист ожидания…
        </p>
      )}
      {list.isError && (
        <div className="outcome outcome--error" role="alert">
          <span>{reasonOr(list.error, 'Не удалось загрузить лист ожидания')}</span>
          <button type="button" className="pill-link" onClick={() => void list.refetch()}>
            Повторить
          </button>
        </div>
      )}
      {leave.isError && (
        <p className="outcome outcome--error" role="alert">
          {reasonOr(leave.error, 'Не удалось выйти из очереди')}
        </p>
      )}
      {list.isSuccess && (
        <ul className="cabinet-cards">
          {list.data.map((entry) => (
            <li key={entry.id}>
              <div className={`waitlist-card waitlist-card--${entry.status}`} data-testid="waitlist-entry">
                <span className="booking-card__top">
                  <span className="booking-card__day">{bookingDay(entry.date)}</span>
                  <span className="chip">{WAITLIST_STATUS_LABELS[entry.status]}</span>
                </span>
                <span className="booking-card__time">
                  {entry.time_start}–{entry.time_end}
                </span>
                <span className="booking-card__studio">Студия {studioName(entry.studio)}</span>
                {entry.position !== null && <span>Вы {entry.position}-й в очереди</span>}
                {entry.offer && (
                  <>
                    <span>Время держится за вами до {tomskDateTimeLocal(new Date(entry.offer.expires_at)).slice(11, 16)}</span>
                    <Link className="button" to={`/${entry.studio}/booking?offer=${entry.offer.hold_id}`}>
                      Забронировать
                    </Link>
                  </>
                )}
                {live(entry) && (
                  <button type="button" className="pill-link" disabled={leave.isPending} onClick={() => leave.mutate(entry.id)}>
                    Выйти из очереди
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
