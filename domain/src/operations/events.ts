import { z } from 'zod';
import { storedProjectionNameSchema, versionComparisonSchema } from '../contracts/projections';
import { idSchema } from '../primitives';

// A stored name: events written before a read model was renamed read as its new name.
const projectionSchema = storedProjectionNameSchema;

export const projectionOperationEventSchemas = {
  /** A staff member (the event's actor) asked for a rebuild from the operators' console. */
  ProjectionRebuildRequested: z.object({ rebuildId: idSchema, projection: projectionSchema }),
  /** The projections process finished it: switched to the rebuilt version, or kept the live one because they differed. */
  ProjectionRebuildFinished: z.object({
    rebuildId: idSchema,
    projection: projectionSchema,
    outcome: z.enum(['switched', 'kept']),
    previousVersion: z.number().int(),
    version: z.number().int(),
    applied: z.number().int().nonnegative(),
    elapsedMs: z.number().int().nonnegative(),
    comparison: versionComparisonSchema,
  }),
  /** It could not be finished; the live version is untouched. */
  ProjectionRebuildFailed: z.object({ rebuildId: idSchema, projection: projectionSchema, reason: z.string().max(1000) }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type ProjectionOperationEvent = EventUnion<typeof projectionOperationEventSchemas>;
