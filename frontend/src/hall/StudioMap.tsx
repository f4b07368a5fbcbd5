import { useEffect, useRef, useState } from 'react';
import { loadYandexMaps, type YMaps } from './load-yandex-maps';
import { StaticMap } from './StaticMap';
import './map.css';

/** The city centre, used only when neither coordinates nor a geocodable address are given. */
const DEFAULT_CENTER: [number, number] = [56.479, 84.953];
const ZOOM = 17;

interface Props {
  address: string;
  coordinates?: [number, number];
  height?: number;
}

async function locate(ymaps: YMaps, address: string, coordinates?: [number, number]): Promise<[number, number]> {
  if (coordinates) return coordinates;
  try {
    const found = (await ymaps.geocode(address, { results: 1 })).geoObjects.get(0);
    const [lat, lon] = found?.geometry.getCoordinates() ?? [];
    return lat !== undefined && lon !== undefined ? [lat, lon] : DEFAULT_CENTER;
  } catch {
    return DEFAULT_CENTER;
  }
}

export function StudioMap({ address, coordinates, height = 360 }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let map: { destroy(): void } | null = null;
    void loadYandexMaps().then(async (ymaps) => {
      if (!ymaps || cancelled || !containerRef.current) return;
      const center = await locate(ymaps, address, coordinates);
      if (cancelled || !containerRef.current) return;
      const created = new ymaps.Map(containerRef.current, { center, zoom: ZOOM, controls: ['zoomControl', 'fullscreenControl'] });
      created.geoObjects.add(
        new ymaps.Placemark(
          center,
          { hintContent: address, balloonContent: `${address}<br>${center[0].toFixed(5)}, ${center[1].toFixed(5)}` },
          { preset: 'islands#darkOrangeDotIcon' },
        ),
      );
      map = created;
      setLive(true);
    });
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [address, coordinates]);

  return (
    <div className="studio-map" style={{ height }}>
      <div ref={containerRef} className="studio-map__live" hidden={!live} />
      {!live && <StaticMap address={address} coordinates={coordinates ?? DEFAULT_CENTER} />}
    </div>
  );
}
