import { z } from 'zod';
import { idSchema, studioSchema } from '../primitives';

/** The image kinds a hall photo may be uploaded as (docs/catalog.md#rules «Photo upload»), told apart by content. */
export const HALL_PHOTO_KINDS = ['jpeg', 'png', 'heic'] as const;
export type HallPhotoKind = (typeof HALL_PHOTO_KINDS)[number];

export const hallPhotoEventSchemas = {
  /** Staff uploaded a file; its bytes wait for the workers to make the web image. */
  HallPhotoUploaded: z.object({
    photoId: idSchema,
    studio: studioSchema,
    kind: z.enum(HALL_PHOTO_KINDS),
    originalName: z.string().max(255),
    bytes: z.number().int().positive(),
    path: z.string().max(300),
  }),
  /** The web image is written: re-encoded, oriented, stripped of metadata. */
  HallPhotoReady: z.object({ photoId: idSchema, width: z.number().int().positive(), height: z.number().int().positive(), bytes: z.number().int().positive() }),
  /** The file could not be read as the image it claimed to be. */
  HallPhotoFailed: z.object({ photoId: idSchema, reason: z.string().max(500) }),
  /** Staff removed the photo; its files are gone. */
  HallPhotoDeleted: z.object({ photoId: idSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type HallPhotoEvent = EventUnion<typeof hallPhotoEventSchemas>;
