import { WEEKDAY_NAMES, type PhotographerSchedule } from '@studio/domain';
import { useState } from 'react';
import { saveSchedule, PHOTOGRAPHER_TIME_MESSAGES } from './time-api';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : PHOTOGRAPHER_TIME_MESSAGES.scheduleFailed);
const DEFAULT_HOURS = { start: '10:00', end: '22:00' };
/** Every half hour of the day, and 24:00 as an end. */
const HOURS = [...Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`), '24:00'];

interface Props {
  photographer: { id: string; name: string };
  /** null: none set yet (works every day around the clock). */
  schedule: PhotographerSchedule | null;
  onSaved: (text: string) => void;
  onCancel: () => void;
}

/**
 * A photographer's working schedule (docs/photographers.md): per weekday working or not and from
 * when to when, and single days off. The server checks it again and names what it refuses.
 */
export function ScheduleEditor({ photographer, schedule, onSaved, onCancel }: Props) {
  const [weekly, setWeekly] = useState(() => schedule?.weekly ?? WEEKDAY_NAMES.map(() => DEFAULT_HOURS));
  const [daysOff, setDaysOff] = useState<string[]>(() => schedule?.daysOff ?? []);
  const [newDayOff, setNewDayOff] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setDay = (index: number, hours: { start: string; end: string } | null) => setWeekly((days) => days.map((day, i) => (i === index ? hours : day)));

  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      await saveSchedule(photographer.id, { weekly, daysOff });
      onSaved(PHOTOGRAPHER_TIME_MESSAGES.scheduleSaved(photographer.name));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="aphoto-schedule admin__box"
      aria-label={`График: ${photographer.name}`}
      aria-busy={saving}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <table className="aphoto-schedule__week">
        <tbody>
          {WEEKDAY_NAMES.map((name, index) => {
            const hours = weekly[index] ?? null;
            return (
              <tr key={name} data-testid="schedule-day">
                <th scope="row">{name}</th>
                <td>
                  <label>
                    <input type="checkbox" checked={hours !== null} onChange={(event) => setDay(index, event.target.checked ? DEFAULT_HOURS : null)} /> Работает
                  </label>
                </td>
                <td>
                  {hours ? (
                    <span className="aphoto-schedule__hours">
                      <select aria-label={`${name}: с`} value={hours.start} onChange={(event) => setDay(index, { ...hours, start: event.target.value })}>
                        {HOURS.slice(0, -1).map((hour) => <option key={hour}>{hour}</option>)}
                      </select>
                      –
                      <select aria-label={`${name}: до`} value={hours.end} onChange={(event) => setDay(index, { ...hours, end: event.target.value })}>
                        {HOURS.slice(1).map((hour) => <option key={hour}>{hour}</option>)}
                      </select>
                    </span>
                  ) : (
                    <span className="acal-dialog__muted">{PHOTOGRAPHER_TIME_MESSAGES.dayOff}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="aphoto-schedule__days-off">
        <label className="acal-form__field">
          <span>Выходной день</span>
          <input type="date" value={newDayOff} onChange={(event) => setNewDayOff(event.target.value)} />
        </label>
        <button
          type="button"
          className="acal-button acal-button--ghost"
          disabled={!newDayOff || daysOff.includes(newDayOff)}
          onClick={() => {
            setDaysOff((days) => [...days, newDayOff].sort());
            setNewDayOff('');
          }}
        >
          Добавить выходной
        </button>
        <ul className="aphoto-schedule__chips" aria-label="Выходные дни">
          {daysOff.map((day) => (
            <li key={day}>
              {day.split('-').reverse().join('.')}{' '}
              <button type="button" className="link-button" aria-label={`Убрать выходной ${day}`} onClick={() => setDaysOff((days) => days.filter((d) => d !== day))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      </div>
      <span className="acal-form__actions">
        <button type="submit" className="acal-button" disabled={saving}>
          {saving ? 'Сохранение…' : 'Сохранить график'}
        </button>
        <button type="button" className="acal-button acal-button--ghost" disabled={saving} onClick={onCancel}>
          Отмена
        </button>
      </span>
      {failure && (
        <p className="outcome outcome--error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
