import { FINANCE_KIND_LABELS, FINANCE_KINDS, FINANCE_STATUS_LABELS, FINANCE_STATUSES, STUDIO_NAMES, STUDIOS } from '@studio/domain';
import { useState, type FormEvent } from 'react';
import { periodProblem, type FinanceFilters } from './finance-filters';

/** A select of the filters: «all» (the empty value) first, then each option. */
function Choice<T extends string>({ label, all, value, options, onChange }: { label: string; all: string; value: T | ''; options: [T, string][]; onChange: (value: T | '') => void }) {
  return (
    <label className="acal-form__field">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as T | '')}>
        <option value="">{all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Period, studio, status and kind, applied together. */
export function FinanceFiltersForm({ applied, onApply }: { applied: FinanceFilters; onApply: (filters: FinanceFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<FinanceFilters>) => setDraft({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };
  return (
    <form className="afinance__filters admin__box" aria-label="Фильтры журнала" noValidate onSubmit={submit}>
      <label className="acal-form__field">
        <span>Период с</span>
        <input type="date" value={draft.start} aria-invalid={problem !== null} onChange={(event) => set({ start: event.target.value })} />
      </label>
      <label className="acal-form__field">
        <span>по</span>
        <input type="date" value={draft.end} aria-invalid={problem !== null} onChange={(event) => set({ end: event.target.value })} />
      </label>
      <Choice label="Студия" all="Все студии" value={draft.studio} options={STUDIOS.map((studio) => [studio, STUDIO_NAMES[studio]])} onChange={(studio) => set({ studio })} />
      <Choice label="Статус" all="Все статусы" value={draft.status} options={FINANCE_STATUSES.map((status) => [status, FINANCE_STATUS_LABELS[status]])} onChange={(status) => set({ status })} />
      <Choice label="Вид" all="Оплаты и возвраты" value={draft.kind} options={FINANCE_KINDS.map((kind) => [kind, FINANCE_KIND_LABELS[kind]])} onChange={(kind) => set({ kind })} />
      <span className="acal-form__actions afinance__filter-actions">
        <button type="submit" className="acal-button">
          Показать
        </button>
      </span>
      {problem && (
        <p className="outcome outcome--error afinance__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
