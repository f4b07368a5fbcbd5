import { Link } from 'react-router-dom';
import { useExit } from '../navigation/ExitProvider';
import { readUser } from '../session/user';
import type { StudioInfo } from '../studios/studios';
import { SiteBar } from '../ui/SiteBar';

export function StudioHeader({ info }: { info: StudioInfo }) {
  const { leave } = useExit();
  return (
    <header className="studio-header">
      <SiteBar>
        {readUser() ? (
          <Link className="pill-link" to="/dashboard">
            Личный кабинет
          </Link>
        ) : (
          <a
            className="pill-link"
            href="/login"
            onClick={(event) => {
              event.preventDefault();
              leave('/login');
            }}
          >
            Войти
          </a>
        )}
      </SiteBar>
      <div className="studio-header__title">
        <p className="eyebrow">Фотостудия</p>
        <h1>{info.name}</h1>
        <p className="studio-header__tagline">{info.tagline}</p>
      </div>
    </header>
  );
}
