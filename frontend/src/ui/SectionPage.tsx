import type { ReactNode } from 'react';
import { SiteBar } from './SiteBar';
import './section-page.css';

interface Props {
  eyebrow: string;
  title: string;
  lead: string;
  /** A way back, above the title. */
  back?: ReactNode;
  /** The site bar's right side. */
  bar?: ReactNode;
  children?: ReactNode;
}

/** A standalone page (education, login, cabinet): site bar, a titled hero, content. */
export function SectionPage({ eyebrow, title, lead, back, bar, children }: Props) {
  return (
    <div className="section-page">
      <header>
        <SiteBar>{bar}</SiteBar>
      </header>
      <main className="section-page__main">
        {back}
        <p className="eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="section-page__lead">{lead}</p>
        {children}
      </main>
    </div>
  );
}
