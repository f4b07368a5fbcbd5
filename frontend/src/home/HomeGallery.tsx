import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { hallQuery } from '../api/hall';
import { SECTIONS, STUDIO_SLUGS as STUDIOS, type SectionSlug } from '../studios/studios';
import { buildGallery, galleryRows } from './home-photos';

const ORDER = SECTIONS.map((section) => section.slug);

/** Three drifting rows of studio photos; the active section's photos are lit, the rest dimmed. */
export function HomeGallery({ active }: { active: SectionSlug }) {
  const results = useQueries({ queries: STUDIOS.map((studio) => ({ ...hallQuery(studio), retry: 0 })) });
  const settled = results.every((result) => !result.isPending);
  const [pochta, kirova, masterskaya] = results.map((result) => result.data?.photos);
  const failed = results.map((result, i) => (result.isError ? STUDIOS[i] : '')).join(' ').trim();

  const rows = useMemo(
    () => galleryRows(buildGallery({ pochta, kirova, masterskaya }), ORDER),
    [pochta, kirova, masterskaya],
  );

  useEffect(() => {
    if (failed) console.warn(`Фотографии не загрузились (${failed}), показаны запасные`);
  }, [failed]);

  if (!settled) {
    return (
      <div className="home-gallery home-gallery--loading" role="status">
        <span>Загрузка...</span>
      </div>
    );
  }

  return (
    <div className="home-gallery" aria-hidden="true">
      {rows.map((row, r) => {
        const ordered = r === 1 ? [...row].reverse() : row;
        return (
          <div key={r} className={r === 1 ? 'home-gallery__row home-gallery__row--reverse' : 'home-gallery__row'}>
            {/* Two copies make the drift seamless: the track moves by exactly one copy. */}
            <div className="home-gallery__track">
              {[...ordered, ...ordered].map((photo, i) => (
                <figure key={i} className={photo.section === active ? 'home-gallery__tile is-active' : 'home-gallery__tile'}>
                  <img src={photo.src} alt="" decoding="async" />
                </figure>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
