import type { Studio } from '@studio/domain';
import { FALLBACK_IMAGES, STUDIO_SLUGS as STUDIOS, type SectionSlug } from '../studios/studios';

const PHOTOS_PER_SECTION = 3;

export interface GalleryPhoto {
  section: SectionSlug;
  src: string;
}

/**
 * The home gallery's photos: at most 3 per studio (its fallbacks when it has none), and for
 * education one random photo of each studio. `pick` chooses an index below `length`.
 */
export function buildGallery(
  fetched: Partial<Record<Studio, string[]>>,
  pick: (length: number) => number = (length) => Math.floor(Math.random() * length),
): Record<SectionSlug, string[]> {
  const studios = Object.fromEntries(
    STUDIOS.map((studio) => {
      const photos = fetched[studio] ?? [];
      return [studio, photos.length ? photos.slice(0, PHOTOS_PER_SECTION) : FALLBACK_IMAGES[studio]];
    }),
  ) as Record<Studio, string[]>;
  const education = STUDIOS.map((studio) => studios[studio][pick(studios[studio].length)] ?? FALLBACK_IMAGES[studio][0]!);
  return { ...studios, education };
}

/** Three rows: row r takes every section's r-th photo, so each row shows all four sections. */
export function galleryRows(photos: Record<SectionSlug, string[]>, order: SectionSlug[]): GalleryPhoto[][] {
  return [0, 1, 2].map((row) =>
    order.flatMap((section) => {
      const src = photos[section][row % Math.max(photos[section].length, 1)];
      return src ? [{ section, src }] : [];
    }),
  );
}
