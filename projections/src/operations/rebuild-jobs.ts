import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type pg from 'pg';
import { PROJECTION_OPERATIONS_STREAM, PROJECTIONS_QUEUE, projectionOperationsAggregate, REBUILD_PROJECTION_JOB, rebuildProjectionJobSchema, type RebuildProjectionJob } from '@studio/domain';
import { createCommandHandler, type CommandContext, type EventStore } from '@studio/platform';
import { findProjection } from '../projections';
import type { ProjectionChange } from '../runtime/definition';
import { failLostRebuilds } from './lost-rebuilds';
import { failureReason, REBUILD_ACTOR, recordRebuild, runRecordedRebuild } from './recorded-rebuild';

export interface RebuildJobsOptions {
  store: EventStore;
  pool: pg.Pool;
  redisUrl: string;
  /** BullMQ key prefix; the same as command-api's (tests give each stack its own). */
  prefix?: string | undefined;
  publish: (changes: ProjectionChange[]) => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

/** How often the process looks for rebuilds nobody runs any more (lost-rebuilds.ts); also once at start. */
const LOST_SWEEP_MS = 60_000;

/**
 * Runs the operators' rebuilds (queued by command-api after recording the request) with the same
 * runRecordedRebuild as `npm run projections:rebuild`, their outcomes recorded as REBUILD_ACTOR's
 * events, and ends the requests whose job was lost.
 */
export function startRebuildJobs({ store, pool, redisUrl, prefix, publish, log }: RebuildJobsOptions): { stop(): Promise<void> } {
  const commands = createCommandHandler(store);

  const run = async (job: Job<RebuildProjectionJob>) => {
    const parsed = rebuildProjectionJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${REBUILD_PROJECTION_JOB} job ${job.id}`);
    const { rebuildId, projection: name, correlationId } = parsed.data;
    const context: CommandContext = { actor: REBUILD_ACTOR, causationId: `job:${job.id}`, ...(correlationId ? { correlationId } : {}) };
    // A job delivered again after its outcome was recorded has nothing left to do.
    const { state } = await commands.read(projectionOperationsAggregate, PROJECTION_OPERATIONS_STREAM);
    if (state.running[name] !== rebuildId) return { skipped: true };
    if (!findProjection(name)) throw new UnrecoverableError(`No projection ${name} in this code`);
    const result = await runRecordedRebuild({ store, pool, publish, log }, { rebuildId, projection: name }, context);
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
  // Every way a job ends without an outcome (its process died twice mid-rebuild, the outcome could
  // not be recorded) ends the request here, or the projection would stay «rebuilding» for good.
  worker.on('failed', (job, error) => {
    const parsed = rebuildProjectionJobSchema.safeParse(job?.data);
    if (!parsed.success) return;
    const { rebuildId, projection, correlationId } = parsed.data;
    log(`rebuild ${rebuildId} of ${projection} failed`, error);
    const reason = failureReason(error);
    recordRebuild(store, { type: 'RecordProjectionRebuildFailed', data: { rebuildId, projection, reason } }, { actor: REBUILD_ACTOR, causationId: `job:${job!.id}`, ...(correlationId ? { correlationId } : {}) }).catch(
      (recordError: unknown) => log(`could not record the failure of rebuild ${rebuildId}`, recordError),
    );
  });

  // A job Redis lost never fails: the sweep ends its request.
  const jobs = new Queue<RebuildProjectionJob>(PROJECTIONS_QUEUE, { connection: { url: redisUrl }, ...(prefix ? { prefix } : {}) });
  jobs.on('error', (error: Error) => log(`${PROJECTIONS_QUEUE} queue: ${error.message}`));
  const sweep = () =>
    failLostRebuilds({ store, pool, jobs })
      .then((lost) => lost.forEach((projection) => log(`the rebuild of ${projection} had no runner left and is recorded as failed`)))
      .catch((error: unknown) => log('looking for lost rebuilds failed', error));
  let sweeping = sweep();
  const timer = setInterval(() => {
    sweeping = sweeping.then(sweep);
  }, LOST_SWEEP_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
      await Promise.all([worker.close(), jobs.close()]);
    },
  };
}
