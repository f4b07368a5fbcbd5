import type { Studio } from '@studio/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

const TABS = [
  { suffix: '', label: 'Зал' },
  { suffix: '/booking', label: 'Бронирование' },
  { suffix: '/rules', label: 'Правила' },
];

/** The three studio tabs; an underline glides to the active one. */
export function StudioTabs({ studio }: { studio: Studio }) {
  const { pathname } = useLocation();
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
        {TABS.map((tab) => (
          <li key={tab.suffix}>
            <NavLink to={`/${studio}${tab.suffix}`} end>
              {tab.label}
            </NavLink>
          </li>
        ))}
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
