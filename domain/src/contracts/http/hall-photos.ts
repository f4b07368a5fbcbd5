import { z } from 'zod';

export const HALL_PHOTO_STATUSES = ['processing', 'ready', 'failed', 'deleted'] as const;

/** One uploaded photo: its id, where its web image is (or will be) served, and how far it is. */
export const hallPhotoViewSchema = z.object({
  id: z.string(),
  filename: z.string(),
  status: z.enum(HALL_PHOTO_STATUSES),
  /** Why the workers could not make the web image. */
  error: z.string().nullable().optional(),
});
export type HallPhotoView = z.infer<typeof hallPhotoViewSchema>;

/** POST /api/{studio}/photos (202): `filename` is the first photo's, as the spec's client reads it. */
export const hallPhotoUploadAnswerSchema = z.object({
  success: z.literal(true),
  filename: z.string(),
  photos: z.array(hallPhotoViewSchema),
  position: z.string().nullable(),
});
export type HallPhotoUploadAnswer = z.infer<typeof hallPhotoUploadAnswerSchema>;

/** DELETE /api/{studio}/photos/{filename}, DELETE /api/masterskaya/photos. */
export const hallPhotoDeleteAnswerSchema = z.object({ success: z.literal(true), filename: z.string(), position: z.string().nullable() });

/** GET /api/admin/hall-photos?ids=…: the uploads the editor waits for (staff only). */
export const hallPhotoStatesAnswerSchema = z.object({ success: z.literal(true), photos: z.array(hallPhotoViewSchema) });
export type HallPhotoStatesAnswer = z.infer<typeof hallPhotoStatesAnswerSchema>;
