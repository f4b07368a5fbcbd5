import { useState, type FormEvent } from 'react';
import { filtersProblem, NO_FILTERS, type ClientFilters } from './client-filters';

interface Props {
  id: string;
  applied: ClientFilters;
  onApply: (filters: ClientFilters) => void;
}

const FIELDS: { key: keyof ClientFilters; label: string; type: 'number' | 'date' }[] = [
  { key: 'minBookings', label: 'Бронирований от', type: 'number' },
  { key: 'maxBookings', label: 'Бронирований до', type: 'number' },
  { key: 'dateFrom', label: 'Последняя бронь с', type: 'date' },
  { key: 'dateTo', label: 'Последняя бронь по', type: 'date' },
];

/** The filter panel (docs/clients.md#what-it-does): bookings from and to, the latest booking's day from and to; applied together. */
export function ClientFiltersPanel({ id, applied, onApply }: Props) {
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filtersProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };
  const reset = () => {
    setDraft(NO_FILTERS);
    setProblem(null);
    onApply(NO_FILTERS);
  };
  return (
    <form id={id} className="aclients__filters admin__box" aria-label="Фильтры клиентов" noValidate onSubmit={submit}>
      {FIELDS.map(({ key, label, type }) => (
        <label key={key} className="acal-form__field">
          <span>{label}</span>
          <input
            type={type}
            {...(type === 'number' ? { min: 0, step: 1, inputMode: 'numeric' as const } : {})}
            value={draft[key]}
            aria-invalid={problem !== null}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        </label>
      ))}
      <span className="acal-form__actions aclients__filter-actions">
        <button type="submit" className="acal-button">
          Применить
        </button>
        <button type="button" className="acal-button acal-button--ghost" onClick={reset}>
          Сбросить
        </button>
      </span>
      {problem && (
        <p className="outcome outcome--error aclients__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
