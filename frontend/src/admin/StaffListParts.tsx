import type { ReactNode } from 'react';

/** A list tab's title and its create button. */
export function ListBar({ title, createLabel, onCreate }: { title: string; createLabel: string; onCreate: () => void }) {
  return (
    <div className="staff-list__bar">
      <h2 className="staff-list__title">{title}</h2>
      <button type="button" className="acal-button" onClick={onCreate}>
        {createLabel}
      </button>
    </div>
  );
}

/** The table of a list tab, scrolling sideways inside its frame when the page is narrower. */
export function StaffTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="staff-table__frame">
      <table className="staff-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row's action, named with what it acts on for a screen reader («Изменить «Фон»»). */
export function RowAction({ label, target, onPress }: { label: string; target: string; onPress: () => void }) {
  return (
    <button type="button" className="acal-button acal-button--ghost" aria-label={`${label} ${target}`} onClick={onPress}>
      {label}
    </button>
  );
}

/** What the last write came to: a success is announced, a failure alerts. */
export type Outcome = { text: string; failed: boolean } | null;

export function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={outcome.failed ? 'outcome outcome--error' : 'outcome'} role={outcome.failed ? 'alert' : 'status'} data-testid="list-outcome">
      {outcome.text}
    </p>
  );
}

/** The end of a modal's form: why the last send failed, the send button and, given `onCancel`, «Отмена». */
export function FormFooter({ failure, busy, label, onCancel }: { failure: string | null; busy: boolean; label: string; onCancel?: () => void }) {
  return (
    <>
      {failure && (
        <p className="outcome outcome--error" role="alert">
          {failure}
        </p>
      )}
      <div className="acal-form__actions">
        <button type="submit" className="acal-button" disabled={busy}>
          {busy ? 'Сохранение…' : label}
        </button>
        {onCancel && (
          <button type="button" className="acal-button acal-button--ghost" disabled={busy} onClick={onCancel}>
            Отмена
          </button>
        )}
      </div>
    </>
  );
}
