import type { ReactNode } from 'react';
import { ReadStates, type ReadFailure } from './ReadStates';

/**
 * Every list's states before its rows: a read's (ReadStates: on its way, failed with «Повторить»),
 * and when there is nothing to show yet.
 */
export function ListStates({ loading, loadingText, failure, onRetry, empty, children }: {
  loading: boolean;
  /** What is being loaded («Загрузка клиентов…»). */
  loadingText?: string;
  failure: ReadFailure | null;
  onRetry: () => void;
  /** What an empty list says, or null when there are rows. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <ReadStates loading={loading} loadingText={loadingText} failure={failure} onRetry={onRetry}>
      {empty ? <div className="empty-state">{empty}</div> : children}
    </ReadStates>
  );
}
