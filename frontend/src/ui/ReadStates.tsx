import type { ReactNode } from 'react';
import './outcome.css';

/** What a failed read shows: its own words («Ошибка загрузки услуг»), if any, and what the call said. */
export type ReadFailure = { title?: string; detail: string };

/**
 * Every read's states before its content: while the first read is on its way, when it failed (what
 * failed, what the call said, «Повторить»), and then the content. A read whose content shows its own
 * progress (the admin calendar's busy grid, the reconciliation's «Сверяем…» button) leaves out
 * `loading`. Lists add their empty state through ListStates.
 */
export function ReadStates({ loading = false, loadingText = 'Загрузка…', failure, onRetry, children }: {
  loading?: boolean;
  /** What is being loaded («Загрузка клиентов…»). */
  loadingText?: string;
  failure: ReadFailure | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <p className="list-loading" role="status">
        {loadingText}
      </p>
    );
  }
  if (failure) {
    return (
      <div className="outcome outcome--error" role="alert">
        <p>
          {failure.title && (
            <>
              <strong>{failure.title}</strong>
              <br />
            </>
          )}
          {failure.detail}
        </p>
        <button type="button" className="pill-link" onClick={onRetry}>
          Повторить
        </button>
      </div>
    );
  }
  return children;
}
