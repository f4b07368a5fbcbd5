import { z } from 'zod';

/**
 * GET /api/health. `oldestTransactionSeconds` is the age of the oldest open transaction in the
 * database cluster: the Postgres event store shows no event newer than it, so a large value means
 * subscribers (projections, pushes) are stalled behind it.
 */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['ok', 'degraded']),
  oldestTransactionSeconds: z.number().nullable(),
  projections: z.array(z.object({ name: z.string(), version: z.number(), position: z.string().nullable() })),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
