import { z } from 'zod';
import { PROJECTION_NAMES, versionComparisonSchema } from '../projections';

/** At most this many events after a checkpoint are counted; more is shown as «N+». */
export const LAG_COUNT_LIMIT = 10_000;

/**
 * live: nothing waits; catching_up: events wait to be applied; rebuilding: an operator's rebuild is
 * queued or running; failed: the runner has applied nothing for longer than a minute while events wait.
 */
export const projectionStates = ['live', 'catching_up', 'rebuilding', 'failed'] as const;

/** An operator's latest rebuild of one projection: queued, running (with progress) or how it ended. */
export const rebuildSummarySchema = z.object({
  rebuildId: z.string(),
  state: z.enum(['queued', 'running', 'switched', 'kept', 'failed']),
  applied: z.number(),
  total: z.number(),
  elapsedMs: z.number(),
  comparison: versionComparisonSchema.nullable(),
  /** The comparison in a Russian line («версии совпали», or which tables differ by how many rows). */
  comparisonText: z.string().nullable(),
  error: z.string().nullable(),
});
export type RebuildSummary = z.infer<typeof rebuildSummarySchema>;

export const operationsProjectionSchema = z.object({
  name: z.string(),
  /** The tables' generation the views show (`<table>_v<version>`). */
  version: z.number(),
  /** The version of the code that built them. */
  schemaVersion: z.number().nullable(),
  position: z.string().nullable(),
  lag: z.object({
    events: z.number(),
    /** More than LAG_COUNT_LIMIT events wait: `events` is that limit. */
    capped: z.boolean(),
    /** Age of the oldest event not applied yet; null when none waits. */
    seconds: z.number().nullable(),
  }),
  state: z.enum(projectionStates),
  rebuild: rebuildSummarySchema.nullable(),
});
export type OperationsProjection = z.infer<typeof operationsProjectionSchema>;

export const operatorActionSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  at: z.string(),
  /**
   * The staff member's name; for `operator`, who ran `npm run projections:rebuild` (login@host,
   * in `id`); «Система» for the projections process.
   */
  actor: z.object({ kind: z.enum(['staff', 'operator', 'system']), id: z.string().nullable(), name: z.string() }),
  projection: z.string(),
  rebuildId: z.string(),
  /** A Russian line: what was asked for or how it ended. */
  text: z.string(),
});
export type OperatorAction = z.infer<typeof operatorActionSchema>;

/** GET /api/admin/operations/projections (super only). */
export const operationsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    projections: z.array(operationsProjectionSchema),
    /** From the health check: the oldest open transaction holds every event-store reader back. */
    oldestTransactionSeconds: z.number().nullable(),
    /** Newest first. */
    actions: z.array(operatorActionSchema),
  }),
});
export type OperationsAnswer = z.infer<typeof operationsAnswerSchema>;

export const rebuildParamsSchema = z.object({ name: z.enum(PROJECTION_NAMES, { error: 'неизвестная проекция' }) });

/** POST /api/admin/operations/projections/{name}/rebuild (super only): 202 once queued. */
export const rebuildAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ rebuildId: z.string(), projection: z.string() }),
  position: z.string().nullable(),
});
export type RebuildAnswer = z.infer<typeof rebuildAnswerSchema>;
