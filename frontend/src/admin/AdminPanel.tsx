import { STUDIO_NAMES, STUDIOS, type StaffAdmin, type Studio } from '@studio/domain';
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { SiteBar } from '../ui/SiteBar';
import { ROLE_LABELS } from './admins/admin-form';
import { TAB_SCREENS } from './tab-screens';
import { availableTab, tabsFor, type AdminTabId } from './tabs';


/** The panel after login (docs/staff.md#what-it-does): greeting, logout and home, the studio worked on (pochta first), and the tabs the role may open. */
export function AdminPanel({ admin, onLogout, loggingOut }: { admin: StaffAdmin; onLogout: () => void; loggingOut: boolean }) {
  const tabs = tabsFor(admin.rules);
  const [chosen, setChosen] = useState<AdminTabId>('calendar');
  const [studio, setStudio] = useState<Studio>('pochta');
  const current = availableTab(chosen, tabs);
  const Screen = TAB_SCREENS[current];
  const ids = useId();
  const buttons = useRef(new Map<AdminTabId, HTMLButtonElement>());

  /** Arrow keys, Home and End move between tabs, as the ARIA tabs pattern has it. */
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    setChosen(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <div className="admin">
      <header>
        <SiteBar>
          <nav className="admin__actions" aria-label="Действия">
            <Link className="pill-link" to="/">
              На главную
            </Link>
            <button type="button" className="pill-link admin__logout" onClick={onLogout} disabled={loggingOut}>
              {loggingOut ? 'Выход…' : 'Выйти'}
            </button>
          </nav>
        </SiteBar>
      </header>
      <main className="admin__main">
        <p className="eyebrow">{ROLE_LABELS[admin.rules]}</p>
        <h1 className="admin__greeting">Здравствуйте, {admin.name}</h1>
        {/* Finance's one tab picks studios in its own filters. */}
        {admin.rules !== 'finance' && (
          <div className="admin__studios" role="group" aria-label="Студия">
            {STUDIOS.map((option) => (
              <button key={option} type="button" className="admin__tab" aria-pressed={studio === option} onClick={() => setStudio(option)}>
                {STUDIO_NAMES[option]}
              </button>
            ))}
          </div>
        )}
        <div className="admin__tabs" role="tablist" aria-label="Разделы" onKeyDown={onKeyDown}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(button) => void (button ? buttons.current.set(tab.id, button) : buttons.current.delete(tab.id))}
              type="button"
              role="tab"
              id={`${ids}-tab-${tab.id}`}
              aria-selected={tab.id === current}
              aria-controls={`${ids}-panel`}
              tabIndex={tab.id === current ? 0 : -1}
              className="admin__tab"
              onClick={() => setChosen(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <section
          className={Screen ? 'admin__work' : 'admin__panel'}
          role="tabpanel"
          id={`${ids}-panel`}
          aria-labelledby={`${ids}-tab-${current}`}
        >
          {Screen ? (
            <Suspense fallback={<p className="acal-dialog__muted">Загрузка раздела…</p>}>
              <Screen studio={studio} admin={admin} />
            </Suspense>
          ) : (
            <p className="admin__soon">Раздел скоро появится</p>
          )}
        </section>
      </main>
    </div>
  );
}
