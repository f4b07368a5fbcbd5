import type { ReactNode } from 'react';
import './facts.css';

/** One term and its value in a `<dl>` of facts (the cabinet's and the back-office's modals). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
