/** The parts of the Yandex Maps 2.1 API the studio map uses. */
export interface YMaps {
  ready(callback: () => void): void;
  Map: new (element: HTMLElement, state: { center: number[]; zoom: number; controls: string[] }) => YMap;
  Placemark: new (coordinates: number[], properties: Record<string, string>, options?: Record<string, unknown>) => unknown;
  geocode(query: string, options?: { results: number }): Promise<{
    geoObjects: { get(index: number): { geometry: { getCoordinates(): number[] } } | undefined };
  }>;
}

interface YMap {
  geoObjects: { add(object: unknown): void };
  destroy(): void;
}

declare global {
  interface Window {
    ymaps?: YMaps;
  }
}

/** Injected at build time (see docs/libraries.md#frontend-libraries); without it the page shows the static address card. */
const API_KEY: string | undefined = import.meta.env.VITE_YANDEX_MAPS_API_KEY;
const LOAD_TIMEOUT_MS = 10_000;

let loading: Promise<YMaps | null> | null = null;

/** Loads the maps script once per page life; resolves null when there is no key or no network. */
export function loadYandexMaps(): Promise<YMaps | null> {
  loading ??= new Promise<YMaps | null>((resolve) => {
    // A page that already carries the API (embedded elsewhere, or a test double) uses it as is.
    if (window.ymaps) return window.ymaps.ready(() => resolve(window.ymaps ?? null));
    if (!API_KEY) return resolve(null);
    const script = document.createElement('script');
    const timer = window.setTimeout(() => resolve(null), LOAD_TIMEOUT_MS);
    script.src = `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(API_KEY)}&lang=ru_RU`;
    script.async = true;
    script.onload = () => {
      const ymaps = window.ymaps;
      if (!ymaps) return resolve(null);
      ymaps.ready(() => {
        window.clearTimeout(timer);
        resolve(ymaps);
      });
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      console.warn('Скрипт Яндекс Карт не загрузился, показана карточка с адресом');
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}
