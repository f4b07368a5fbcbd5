import type { ReactNode } from 'react';
import { useExit } from '../navigation/ExitProvider';
import './site-bar.css';

/** The top bar: brand link home (with the exit animation) and whatever the page puts on the right. */
export function SiteBar({ children }: { children?: ReactNode }) {
  const { leave } = useExit();
  return (
    <div className="site-bar">
      <a
        className="brand"
        href="/"
        onClick={(event) => {
          event.preventDefault();
          leave('/');
        }}
      >
        <span className="brand__mark" aria-hidden="true">
          С
        </span>
        <span className="brand__name">Студии Томска</span>
      </a>
      {children}
    </div>
  );
}
