import { useEffect } from 'react';
import { useExit } from '../navigation/ExitProvider';
import { rememberPage } from '../navigation/last-visited';
import { BUSINESS, SECTIONS } from '../studios/studios';
import { useMediaQuery } from '../ui/use-media-query';
import { HomeGallery } from './HomeGallery';
import { useAutoRotation } from './use-auto-rotation';
import './home.css';

export default function HomePage() {
  const { leave } = useExit();
  const { active, enter, leave: resume } = useAutoRotation(SECTIONS.length);
  const desktop = useMediaQuery('(min-width: 1024px)');

  useEffect(() => rememberPage('/'), []);

  return (
    <div className="home">
      <main className="home__panel">
        <header>
          <p className="eyebrow">Томск · аренда фотостудий</p>
          <h1 className="visually-hidden">Фотостудии в Томске</h1>
        </header>
        <nav aria-label="Студии и обучение">
          <ol className="home__links">
            {SECTIONS.map((section, index) => (
              <li key={section.slug}>
                <a
                  href={`/${section.slug}`}
                  className={index === active ? 'home-link is-active' : 'home-link'}
                  onClick={(event) => {
                    event.preventDefault();
                    leave(`/${section.slug}`);
                  }}
                  onMouseEnter={() => enter(index)}
                  onMouseLeave={resume}
                  onFocus={() => enter(index)}
                  onBlur={resume}
                >
                  <span className="home-link__number" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="home-link__name">{section.name}</span>
                  <span className="home-link__note">{section.note}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <footer className="home__credit">
          <a href={BUSINESS.developer.href} target="_blank" rel="noopener noreferrer">
            {BUSINESS.developer.label}
          </a>
        </footer>
      </main>
      {desktop && <HomeGallery active={SECTIONS[active]?.slug ?? 'pochta'} />}
    </div>
  );
}
