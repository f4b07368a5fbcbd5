import { z } from 'zod';
import { idSchema, kopecksSchema } from '../primitives';

/** A photographer's code and id in another system (docs/catalog.md#what-it-does), kept as staff give them. */
export const PHOTOGRAPHER_CODE_MAX = 50;
export const PHOTOGRAPHER_EXTERNAL_ID_MAX = 100;
const references = {
  code: z.string().min(1).max(PHOTOGRAPHER_CODE_MAX).optional(),
  externalId: z.string().min(1).max(PHOTOGRAPHER_EXTERNAL_ID_MAX).optional(),
};

export const photographerEventSchemas = {
  PhotographerAdded: z.object({ photographerId: idSchema, name: z.string().min(1), price: kopecksSchema, slug: z.string().optional(), ...references }),
  /** Replaces the name, price, code and external id; the slug stays. */
  PhotographerUpdated: z.object({ photographerId: idSchema, name: z.string().min(1), price: kopecksSchema, ...references }),
  PhotographerRemoved: z.object({ photographerId: idSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type PhotographerEvent = EventUnion<typeof photographerEventSchemas>;
export const PHOTOGRAPHER_EVENT_TYPES = Object.keys(photographerEventSchemas) as (keyof typeof photographerEventSchemas)[];
