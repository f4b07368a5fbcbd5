import type { ReactNode } from 'react';
import './outcome.css';

/**
 * Every list's three states before its rows: while the first read is on its way, when it failed
 * (what failed, what the call said, «Повторить»), and when there is nothing to show yet.
 */
export function ListStates({ loading, loadingText = 'Загрузка…', failure, onRetry, empty, children }: {
  loading: boolean;
  /** What is being loaded («Загрузка клиентов…»). */
  loadingText?: string;
  /** The list's own words («Ошибка загрузки услуг»), if any, and what the call said. */
  failure: { title?: string; detail: string } | null;
  onRetry: () => void;
  /** What an empty list says, or null when there are rows. */
  empty: ReactNode | null;
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
  if (empty) return <div className="empty-state">{empty}</div>;
  return children;
}
