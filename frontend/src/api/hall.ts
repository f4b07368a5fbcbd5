import type { Hall, HallResponse, Rule, Studio } from '@studio/domain';
import { API_BASE, callApi, typedOnly } from './client';

export interface HallData {
  hallSize: string | null;
  features: string[];
  photos: string[];
  rules: Rule[];
}

/** Studio-folder paths get the API base; blank entries are dropped. */
function photoUrls(photos: readonly string[]): string[] {
  return photos.filter((path) => path.trim() !== '').map((path) => (/^\/images\/(pochta|kirova|masterskaya)\//.test(path) ? `${API_BASE}${path}` : path));
}

/** 'm²' is appended when the studio wrote a bare number. */
export function formatHallSize(raw: string): string {
  const size = raw.trim();
  return /(м²|m²|м2|m2|кв)/i.test(size) ? size.replace(/m²|m2|м2/i, 'м²') : `${size} м²`;
}

/** The hall as the pages show it: rules in number order, an empty description left out. */
export function hallData(hall: Hall): HallData {
  return {
    hallSize: hall.hall_size.trim() ? formatHallSize(hall.hall_size) : null,
    features: hall.features.filter((feature) => feature.trim() !== ''),
    photos: photoUrls(hall.photos),
    rules: hall.rules
      .filter((rule) => rule.title.trim() !== '')
      .map(({ number, title, description }) => ({ number, title, ...(description?.trim() ? { description } : {}) }))
      .sort((a, b) => a.number - b.number),
  };
}

export const hallQuery = (studio: Studio) => ({
  queryKey: ['hall', studio] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<HallData> => hallData((await callApi('GET', `/api/${studio}`, typedOnly<HallResponse>(), { signal })).data),
});
