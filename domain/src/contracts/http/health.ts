import { z } from 'zod';

/**
 * GET /api/health. `jobs` are the workers' repeating jobs (see JOB_RUNS_TABLE): whether Redis holds
 * each one's scheduler, when a run of it last completed, and whether none did within twice its
 * period; the status is `degraded` while one is unscheduled or overdue. `oldestTransactionSeconds` is the age of the oldest open transaction in the
 * database cluster: the Postgres event store shows no event newer than it, so a large value means
 * subscribers (projections, pushes) are stalled behind it.
 */
export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['ok', 'degraded']),
  oldestTransactionSeconds: z.number().nullable(),
  projections: z.array(z.object({ name: z.string(), version: z.number(), position: z.string().nullable() })),
  jobs: z.array(z.object({ name: z.string(), scheduled: z.boolean(), lastRunAt: z.iso.datetime().nullable(), overdue: z.boolean() })),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
