import type { Hall } from '@studio/domain';

/** The hall as the editor holds it until Save (docs/catalog.md#what-it-does «Hall tab»: edits stay local). */
export interface HallDraft {
  hall_size: string;
  features: string[];
  rules: { title: string; description: string }[];
  photos: string[];
}

export const draftOf = (hall: Hall): HallDraft => ({
  hall_size: hall.hall_size,
  features: [...hall.features],
  rules: hall.rules.map(({ title, description }) => ({ title, description: description ?? '' })),
  photos: [...hall.photos],
});

/** `items` with the one at `from` put at `to` (a drag, or a step left or right); out of range changes nothing. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export const removedAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/**
 * What Save sends (docs/catalog.md#rules «Hall rule», «Feature»): blank features and rules without a
 * title left out; the server numbers the rules from 1, so a deletion leaves no gap.
 */
export const savedBody = (draft: HallDraft) => ({
  hall_size: draft.hall_size.trim(),
  features: draft.features.map((feature) => feature.trim()).filter(Boolean),
  rules: draft.rules.filter((rule) => rule.title.trim()).map((rule) => ({ title: rule.title.trim(), description: rule.description.trim() })),
  photos: draft.photos,
});

const UPLOADED = /^\/media\/halls\//;

/** Uploaded photos no longer in the saved hall (shown before, or uploaded in this session and removed): their files can go. */
export const unusedUploads = (shownBefore: readonly string[], uploadedNow: readonly string[], saved: readonly string[]): string[] =>
  [...new Set([...shownBefore, ...uploadedNow])].filter((path) => UPLOADED.test(path) && !saved.includes(path));

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/heic', 'image/heif']);
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|heic|heif)$/i;

/** docs/catalog.md#rules «Photo upload»: jpeg, jpg, png, heic, heif by MIME type or extension; the rest are left out. */
export function acceptedPhotos<F extends { name: string; type: string }>(files: readonly F[]): { accepted: F[]; refused: F[] } {
  const accepted = files.filter((file) => ACCEPTED_TYPES.has(file.type.toLowerCase()) || ACCEPTED_EXTENSIONS.test(file.name));
  return { accepted, refused: files.filter((file) => !accepted.includes(file)) };
}
