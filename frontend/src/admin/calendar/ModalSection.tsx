import type { ReactNode } from 'react';

/** One titled section of a back-office modal (the booking's «Клиент», «Оплата»…, the client's «Статистика»…). */
export function ModalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="acal-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}
