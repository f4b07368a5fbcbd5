import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { hallQuery } from '../api/hall';
import { StudioMap } from './StudioMap';
import { isStudioSlug, SLIDER_FALLBACK_IMAGES, STUDIO_INFO } from '../studios/studios';
import { PhotoCarousel } from './PhotoCarousel';
import './hall.css';

export default function HallPage() {
  const { studio } = useParams();
  if (!isStudioSlug(studio)) throw new Error(`Неизвестная студия: ${studio}`);
  const info = STUDIO_INFO[studio];
  const { data, isPending, isError, error } = useQuery(hallQuery(studio));

  useEffect(() => {
    if (isError) console.warn(`Данные зала ${studio} не загрузились, показаны значения по умолчанию`, error);
  }, [isError, error, studio]);

  const photos = data?.photos.length ? data.photos : SLIDER_FALLBACK_IMAGES;
  const features = data?.features.length ? data.features : info.defaultFeatures;
  const hallSize = data?.hallSize ?? info.defaultHallSize;

  return (
    <div className="hall">
      <PhotoCarousel photos={isPending ? [] : photos} loading={isPending} />
      <div className="hall__details">
        <section className="hall__about" aria-labelledby="hall-size">
          <p className="eyebrow">О зале</p>
          <h2 id="hall-size">
            Площадь зала <span className="hall__size">{hallSize}</span>
          </h2>
          <ul className="hall__features">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
        <aside className="hall__card" aria-label="Бронирование">
          <p className="eyebrow">Ежедневно 10:00 — 22:00</p>
          <p className="hall__card-text">Бронь от получаса. Свободное время видно в календаре — выберите слоты и оплатите онлайн.</p>
          <Link className="button" to={`/${studio}/booking`}>
            Выбрать время
          </Link>
          <Link className="hall__rules-link" to={`/${studio}/rules`}>
            Правила студии
          </Link>
        </aside>
      </div>
      <section className="hall__map" aria-labelledby="hall-map">
        <div className="hall__map-head">
          <p className="eyebrow">Как добраться</p>
          <h2 id="hall-map">{info.address}</h2>
        </div>
        <StudioMap address={info.address} coordinates={info.coordinates} height={info.mapHeight} />
      </section>
    </div>
  );
}
