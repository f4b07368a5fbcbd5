import type { ReactNode } from 'react';
import { FieldError } from './FieldError';

/** A labelled control with its message underneath. */
export function FormField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError message={error} />
    </div>
  );
}
