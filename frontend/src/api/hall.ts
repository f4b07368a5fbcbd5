import type { Studio } from '@studio/domain';
import { API_BASE, getJson } from './http';

export interface Rule {
  number: number;
  title: string;
  description?: string;
}

export interface HallData {
  hallSize: string | null;
  features: string[];
  photos: string[];
  rules: Rule[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer is `{success, data:{...}}` or the hall object itself. */
function unwrap(body: unknown): Json {
  if (isObject(body) && isObject(body.data)) return body.data;
  return isObject(body) ? body : {};
}

/** Photos come as a list or as a JSON string of a list; studio-folder paths get the API base. */
export function parsePhotos(raw: unknown): string[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      console.warn('Список фотографий не разобран: ожидался JSON-массив');
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .map((path) => (/^\/images\/(pochta|kirova|masterskaya)\//.test(path) ? `${API_BASE}${path}` : path));
}

/** 'm²' is appended when the studio wrote a bare number. */
export function formatHallSize(raw: string): string {
  const size = raw.trim();
  return /(м²|m²|м2|m2|кв)/i.test(size) ? size.replace(/m²|m2|м2/i, 'м²') : `${size} м²`;
}

function parseRules(raw: unknown): Rule[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((rule): rule is Json => isObject(rule) && typeof rule.title === 'string' && rule.title.trim() !== '')
    .map((rule, index) => ({
      number: typeof rule.number === 'number' ? rule.number : index + 1,
      title: String(rule.title),
      ...(typeof rule.description === 'string' && rule.description.trim() ? { description: rule.description } : {}),
    }))
    .sort((a, b) => a.number - b.number);
}

export function parseHall(body: unknown): HallData {
  const data = unwrap(body);
  const size = data.hall_size;
  return {
    hallSize: typeof size === 'string' && size.trim() ? formatHallSize(size) : typeof size === 'number' ? formatHallSize(String(size)) : null,
    features: Array.isArray(data.features) ? data.features.filter((f): f is string => typeof f === 'string' && f.trim() !== '') : [],
    photos: parsePhotos(data.photos),
    rules: parseRules(data.rules),
  };
}

export async function fetchHall(studio: Studio, signal?: AbortSignal): Promise<HallData> {
  return parseHall(await getJson(`/api/${studio}`, signal));
}

export const hallQuery = (studio: Studio) => ({
  queryKey: ['hall', studio] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchHall(studio, signal),
});
