/** A tab's failed read: what went wrong and «Повторить» (docs/staff.md#messages: load errors offer a retry). */
export function LoadError({ error, onRetry, className = 'acal__error' }: { error: Error | null; onRetry: () => void; className?: string }) {
  if (!error) return null;
  return (
    <p className={className} role="alert">
      {error.message}{' '}
      <button type="button" className="admin__tab" onClick={onRetry}>
        Повторить
      </button>
    </p>
  );
}
