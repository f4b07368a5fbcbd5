import { STUDIO_NAMES, tomskToday, type PhotographerDayRow } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onResourceTimeChange } from '../../realtime/booking-changes';
import { ListStates } from '../../ui/ListStates';
import { OutcomeNotice, type Outcome } from '../StaffListParts';
import { reasonOf } from '../staff-list';
import { ScheduleEditor } from './ScheduleEditor';
import { fetchPhotographersDay, PHOTOGRAPHER_TIME_MESSAGES, photographersDayKey } from './time-api';

/** The half hours the day view draws: 08:00 to midnight, where the studios' bookings fall. */
const FIRST_HOUR = 8;
const CELLS = Array.from({ length: (24 - FIRST_HOUR) * 2 }, (_, i) => `${String(FIRST_HOUR + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

function cellState(row: PhotographerDayRow, cell: string): { studio?: PhotographerDayRow['bookings'][number]['studio']; off: boolean } {
  const booking = row.bookings.find((b) => b.start <= cell && cell < b.end);
  const off = !row.hours || cell < row.hours.start || cell >= row.hours.end;
  return { ...(booking ? { studio: booking.studio } : {}), off };
}

/**
 * The photographers tab's day view (docs/photographers.md): who is where, hour by hour, across the
 * three studios, with each photographer's working hours; re-read when a push says a photographer's
 * hours changed. «График» opens the schedule editor.
 */
export function PhotographersDay() {
  const client = useQueryClient();
  const [date, setDate] = useState(() => tomskToday(new Date()));
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const day = useQuery({ queryKey: photographersDayKey(date), queryFn: ({ signal }) => fetchPhotographersDay(date, signal) });
  useEffect(() => onResourceTimeChange(() => void client.invalidateQueries({ queryKey: ['admin-photographers-day'] })), [client]);

  return (
    <section className="aphoto-day" aria-label="Занятость фотографов">
      <div className="aphoto-day__head">
        <h3>Занятость по часам</h3>
        <label className="acal-form__field">
          <span>Дата</span>
          <input type="date" value={date} onChange={(event) => event.target.value && setDate(event.target.value)} />
        </label>
        <span className="aphoto-day__legend">
          {Object.entries(STUDIO_NAMES).map(([studio, name]) => (
            <span key={studio} className={`aphoto-day__key aphoto-day__cell--${studio}`}>{name}</span>
          ))}
          <span className="aphoto-day__key aphoto-day__cell--off">Не работает</span>
        </span>
      </div>
      <OutcomeNotice outcome={outcome} />
      <ListStates
        loading={day.isPending}
        failure={day.error ? { title: PHOTOGRAPHER_TIME_MESSAGES.dayFailed, detail: reasonOf(day.error) } : null}
        onRetry={() => void day.refetch()}
        empty={day.data?.length === 0 ? <p className="admin__empty">{PHOTOGRAPHER_TIME_MESSAGES.noPhotographers}</p> : null}
      >
        <div className="aphoto-day__scroll">
          <table className="aphoto-day__grid">
            <thead>
              <tr>
                <th scope="col">Фотограф</th>
                {CELLS.filter((cell) => cell.endsWith(':00')).map((cell) => (
                  <th key={cell} scope="col" colSpan={2}>{cell.slice(0, 2)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(day.data ?? []).map((row) => (
                <tr key={row.id} data-testid="photographer-day">
                  <th scope="row">
                    <span className="aphoto__name">{row.name}</span>
                    <span className="aphoto-day__hours">{row.hours ? `${row.hours.start}–${row.hours.end}` : PHOTOGRAPHER_TIME_MESSAGES.dayOff}</span>
                    <button type="button" className="link-button" onClick={() => setEditing(editing === row.id ? null : row.id)}>
                      График
                    </button>
                  </th>
                  {CELLS.map((cell) => {
                    const { studio, off } = cellState(row, cell);
                    const title = studio ? `${cell} — ${STUDIO_NAMES[studio]}` : off ? `${cell} — не работает` : `${cell} — свободен`;
                    return <td key={cell} title={title} className={`aphoto-day__cell${studio ? ` aphoto-day__cell--${studio}` : off ? ' aphoto-day__cell--off' : ''}`} />;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="aphoto-day__bookings" aria-label="Брони фотографов">
          {(day.data ?? []).flatMap((row) =>
            row.bookings.map((b) => (
              <li key={`${b.booking_id}-${b.start}`}>
                {row.name}: {STUDIO_NAMES[b.studio]}, {b.start}–{b.end}
              </li>
            )),
          )}
        </ul>
      </ListStates>
      {(day.data ?? [])
        .filter((row) => row.id === editing)
        .map((row) => (
          <ScheduleEditor
            key={row.id}
            photographer={row}
            schedule={row.schedule}
            onCancel={() => setEditing(null)}
            onSaved={(text) => {
              setEditing(null);
              setOutcome({ failed: false, text });
              void client.invalidateQueries({ queryKey: ['admin-photographers-day'] });
            }}
          />
        ))}
    </section>
  );
}
