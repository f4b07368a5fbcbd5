import type { Studio } from '@studio/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

const TABS = [
  { suffix: '', label: 'Зал' },
  { suffix: '/booking', label: 'Бронирование' },
  { suffix: '/rules', label: 'Правила' },
];

/** "/pochta/booking/" and "/pochta/booking" are one page (the router serves both). */
const withoutTrailingSlash = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1');

/** The three studio tabs; an underline glides to the active one. */
export function StudioTabs({ studio }: { studio: Studio }) {
  const { pathname } = useLocation();
  const current = withoutTrailingSlash(pathname);
  const listRef = useRef<HTMLUListElement>(null);
  const [underline, setUnderline] = useState<{ left: number; width: number } | null>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const active = list.querySelector<HTMLElement>('a[aria-current="page"]');
      setUnderline(active ? { left: active.offsetLeft, width: active.offsetWidth } : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [pathname]);

  return (
    <nav className="studio-tabs" aria-label="Разделы студии">
      <ul ref={listRef}>
        {TABS.map((tab) => {
          const to = `/${studio}${tab.suffix}`;
          return (
            <li key={tab.suffix}>
              <Link to={to} aria-current={to === current ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          );
        })}
        {underline && (
          <li
            className="studio-tabs__underline"
            aria-hidden="true"
            style={{ transform: `translateX(${underline.left}px)`, width: underline.width }}
          />
        )}
      </ul>
    </nav>
  );
}
