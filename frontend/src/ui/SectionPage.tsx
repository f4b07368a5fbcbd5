import type { ReactNode } from 'react';
import { SiteBar } from './SiteBar';
import './sectionPage.css';

/** A standalone page (education, login, cabinet): site bar, a titled hero, content. */
export function SectionPage({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <div className="section-page">
      <header className="section-page__header">
        <SiteBar />
      </header>
      <main className="section-page__main">
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="section-page__lead">{lead}</p>
        {children}
      </main>
    </div>
  );
}
