import { useState, type FormEvent } from 'react';
import { customRangeProblem, type DateRange } from './periods';

/** The manual range (docs/statistics.md#rules «Statistics period»): two Tomsk days, checked before anything is asked. */
export function RangeForm({ shown, onApply }: { shown: DateRange; onApply: (range: DateRange) => void }) {
  const [draft, setDraft] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(draft.start, draft.end);
    setProblem(found);
    if (!found) onApply(draft);
  };
  return (
    <form className="astats__range" aria-label="Свой период" noValidate onSubmit={submit}>
      <label className="acal-form__field">
        <span>С</span>
        <input type="date" value={draft.start} aria-invalid={problem !== null} onChange={(event) => setDraft({ ...draft, start: event.target.value })} />
      </label>
      <label className="acal-form__field">
        <span>По</span>
        <input type="date" value={draft.end} aria-invalid={problem !== null} onChange={(event) => setDraft({ ...draft, end: event.target.value })} />
      </label>
      <button type="submit" className="acal-button">
        Показать
      </button>
      {problem && (
        <p className="outcome outcome--error astats__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
