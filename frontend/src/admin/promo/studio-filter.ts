import { isStudio, type PromoCodeRow, type Studio } from '@studio/domain';

/** The promo codes tab's studio filter (docs/promo-codes.md#what-it-does), kept across visits. */
export type StudioFilter = 'all' | Studio;

export const STUDIO_FILTER_KEY = 'adminPromosStudioFilter';

export function readStudioFilter(storage: Pick<Storage, 'getItem'> = localStorage): StudioFilter {
  try {
    const stored = storage.getItem(STUDIO_FILTER_KEY);
    return isStudio(stored) ? stored : 'all';
  } catch {
    return 'all';
  }
}

export function writeStudioFilter(filter: StudioFilter, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STUDIO_FILTER_KEY, filter);
  } catch {
    // Without storage the filter is forgotten on reload: «Все студии» again.
  }
}

/** One studio's codes are those usable there: its own and those for every studio. */
export const filterByStudio = (rows: readonly PromoCodeRow[], filter: StudioFilter): PromoCodeRow[] =>
  filter === 'all' ? [...rows] : rows.filter((row) => row.studios.includes(filter));
