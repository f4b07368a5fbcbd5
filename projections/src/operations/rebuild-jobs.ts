import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type pg from 'pg';
import {
  PROJECTION_OPERATIONS_STREAM,
  PROJECTIONS_QUEUE,
  projectionOperationsAggregate,
  REBUILD_PROJECTION_JOB,
  rebuildProjectionJobSchema,
  type ProjectionOperationCommand,
  type RebuildProjectionJob,
} from '@studio/domain';
import { createCommandHandler, type CommandContext, type EventStore } from '@studio/platform';
import { findProjection } from '../projections';
import type { ProjectionChange } from '../runtime/definition';
import { rebuildProjection, type RebuildResult } from '../runtime/rebuild';
import { rebuildProgressWriter } from './rebuild-progress';

/** Who records a rebuild's outcome: the projections process, not the staff member who asked. */
export const REBUILD_ACTOR = 'system:projections';

export interface RebuildJobsOptions {
  store: EventStore;
  pool: pg.Pool;
  redisUrl: string;
  /** BullMQ key prefix; the same as command-api's (tests give each stack its own). */
  prefix?: string | undefined;
  publish: (changes: ProjectionChange[]) => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

/**
 * Runs the operators' rebuilds (queued by command-api after recording the request) with the same
 * rebuildProjection as `npm run projections:rebuild`, comparing before the switch; the progress goes
 * to `projection_rebuilds`, the outcome to the operations stream as an event of REBUILD_ACTOR.
 */
export function startRebuildJobs({ store, pool, redisUrl, prefix, publish, log }: RebuildJobsOptions): { stop(): Promise<void> } {
  const commands = createCommandHandler(store);
  const record = (command: ProjectionOperationCommand, context: CommandContext) => commands.handle(projectionOperationsAggregate, command, context);

  const run = async (job: Job<RebuildProjectionJob>) => {
    const parsed = rebuildProjectionJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${REBUILD_PROJECTION_JOB} job ${job.id}`);
    const { rebuildId, projection: name, correlationId } = parsed.data;
    const context: CommandContext = { actor: REBUILD_ACTOR, causationId: `job:${job.id}`, ...(correlationId ? { correlationId } : {}) };
    // A job delivered again after its outcome was recorded has nothing left to do.
    const { state } = await commands.read(projectionOperationsAggregate, PROJECTION_OPERATIONS_STREAM);
    if (state.running[name] !== rebuildId) return { skipped: true };
    const projection = findProjection(name);
    if (!projection) throw new UnrecoverableError(`No projection ${name} in this code`);
    const progress = rebuildProgressWriter(pool, name, rebuildId, log);
    const started = Date.now();
    let last = { applied: 0, total: 0, elapsedMs: 0 };
    progress.update(last);
    let result: RebuildResult;
    try {
      result = await rebuildProjection({
        store,
        pool,
        projection,
        compare: true,
        publish,
        onProgress: (reported) => {
          last = reported;
          progress.update(reported);
        },
      });
    } finally {
      await progress.finish(last);
    }
    const comparison = result.comparison ?? { compared: false, equal: false, position: result.position, tables: [] };
    await record(
      {
        type: 'RecordProjectionRebuildFinished',
        data: { rebuildId, projection: name, outcome: result.switched ? 'switched' : 'kept', previousVersion: result.previousVersion, version: result.version, applied: result.applied, elapsedMs: Date.now() - started, comparison },
      },
      context,
    );
    return { switched: result.switched };
  };

  const worker = new Worker<RebuildProjectionJob>(PROJECTIONS_QUEUE, run, {
    // BullMQ workers block on their connection; a per-request retry limit would break them.
    connection: { url: redisUrl, maxRetriesPerRequest: null },
    ...(prefix ? { prefix } : {}),
    // A rebuild is long and one at a time per projection (its advisory lock); others may run beside it.
    concurrency: 2,
  });
  worker.on('error', (error: Error) => log(`${PROJECTIONS_QUEUE} worker: ${error.message}`));
  // Every way a job ends without an outcome (the rebuild threw, its process died twice mid-rebuild,
  // the outcome could not be recorded) ends the request here, or the projection would stay
  // «rebuilding» for good.
  worker.on('failed', (job, error) => {
    const parsed = rebuildProjectionJobSchema.safeParse(job?.data);
    if (!parsed.success) return;
    const { rebuildId, projection, correlationId } = parsed.data;
    log(`rebuild ${rebuildId} of ${projection} failed`, error);
    const reason = error.message.slice(0, 1000);
    record({ type: 'RecordProjectionRebuildFailed', data: { rebuildId, projection, reason } }, { actor: REBUILD_ACTOR, causationId: `job:${job!.id}`, ...(correlationId ? { correlationId } : {}) }).catch(
      (recordError: unknown) => log(`could not record the failure of rebuild ${rebuildId}`, recordError),
    );
  });
  return { stop: () => worker.close() };
}
