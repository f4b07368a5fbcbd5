import { z } from 'zod';

/**
 * The read models an operator may rebuild, by name: command-api validates a rebuild request
 * against it, the projections process finds the definition by it (a unit test there keeps the two
 * lists equal).
 */
export const PROJECTION_NAMES = ['calendar', 'catalog', 'bookings', 'promo', 'accounts', 'staff', 'hall', 'clients', 'statistics', 'notifications', 'waitlist', 'resource-time', 'change-policy'] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

/**
 * Read models renamed since a deployment knew them, former name → name (docs/operations.md#renamed-read-models):
 * on start the projections rename the former name's bookkeeping rows, so the read model keeps its
 * tables and checkpoint, and an operator's rebuild recorded under the former name reads as the new.
 */
export const RENAMED_PROJECTIONS: Readonly<Record<string, ProjectionName>> = { 'photographer-time': 'resource-time' };

/** A read model's name as stored in events and jobs: a former name (RENAMED_PROJECTIONS) reads as its new one. */
export const storedProjectionNameSchema = z.preprocess((name) => (typeof name === 'string' && Object.hasOwn(RENAMED_PROJECTIONS, name) ? RENAMED_PROJECTIONS[name] : name), z.enum(PROJECTION_NAMES));

/** One table's rows that only one side of a comparison holds. */
export const tableDifferenceSchema = z.object({ table: z.string().max(100), onlyLive: z.number().int().nonnegative(), onlyRebuilt: z.number().int().nonnegative() });

/**
 * A rebuilt version against the live one brought to the same position, before the switch: equal
 * switches, anything else keeps the live version. `compared: false` when the live version belongs
 * to other code (a schema upgrade), whose tables cannot be compared row for row.
 */
export const versionComparisonSchema = z.object({
  compared: z.boolean(),
  equal: z.boolean(),
  position: z.string().max(100).nullable(),
  tables: z.array(tableDifferenceSchema).max(50),
});
export type VersionComparison = z.infer<typeof versionComparisonSchema>;
