import type pg from 'pg';
import type { Redis } from 'ioredis';
import { createKysely, type EventStore } from '@studio/platform';
import { startRebuildJobs } from './operations/rebuild-jobs';
import { ensureRebuildProgressTable } from './operations/rebuild-progress';
import { PROJECTIONS } from './projections';
import { createChangePublisher } from './pushes/publisher';
import { ensureProjectionTables, LiveVersionIsNewer, readLive } from './runtime/bookkeeping';
import type { AnyProjection } from './runtime/definition';
import { startProjectionRunner, type ProjectionRunner, type RunnerOptions } from './runtime/runner';

/** Creates the read-model tables and views of the live versions; idempotent, safe from several processes. */
export async function ensureReadModels(pool: pg.Pool, projections: readonly AnyProjection[] = PROJECTIONS): Promise<void> {
  await ensureProjectionTables(createKysely(pool), projections);
  await ensureRebuildProgressTable(pool);
}

export interface StartProjectionsOptions {
  store: EventStore;
  pool: pg.Pool;
  redis: Redis;
  /** Prepended to the `studio:changes` channel (tests and benches isolate themselves with it). */
  channelPrefix?: string;
  /** Defaults to every read model of the product. */
  projections?: readonly AnyProjection[];
  runner?: Pick<RunnerOptions, 'batchSize' | 'lockRetryMs' | 'log'>;
  /** Where the operators' rebuilds are queued (command-api's Redis and BullMQ prefix); unset, none are run here. */
  rebuildJobs?: { redisUrl: string; prefix?: string };
}

export interface RunningProjections {
  runners: readonly ProjectionRunner[];
  stop(): Promise<void>;
}

/**
 * Connections a pool under `projections` runners needs: each keeps one out of the pool for its
 * advisory lock and takes another for each batch, so a smaller pool makes runners queue for
 * connections and reads wait for them (one more read model left two of ten for all the batches);
 * two more for an operator's rebuild (its lock and its pages).
 */
export const projectionsPoolSize = (projections: readonly AnyProjection[] = PROJECTIONS): number => 2 * projections.length + 2;

/**
 * Starts one runner per projection; where another process already runs one, this one stands by.
 *
 * Rejects when a live version was built by newer code than this process carries (an old binary
 * started after a newer one rebuilt): failing at start, with the reason, is what an operator can
 * see and act on, where a process that came up and quietly served nothing would pass for healthy.
 * A newer version that appears later (a newer deploy rebuilt while this process runs) cannot be
 * refused at start: its runner then stops writing and stands by, logging why (see the runner).
 */
export async function startProjections(options: StartProjectionsOptions): Promise<RunningProjections> {
  const { store, pool, redis, channelPrefix, projections = PROJECTIONS } = options;
  await ensureReadModels(pool, projections);
  const db = createKysely(pool);
  const refusals: string[] = [];
  for (const projection of projections) {
    const live = await readLive(db, projection.name);
    if (live && live.schemaVersion > projection.version) refusals.push(new LiveVersionIsNewer(projection, live).message);
  }
  if (refusals.length) throw new Error(refusals.join('\n'));
  const publish = createChangePublisher(redis, channelPrefix);
  const runners = projections.map((projection) => startProjectionRunner({ ...options.runner, store, pool, db, projection, publish }));
  const log = options.runner?.log ?? ((message: string, error?: unknown) => console.error(`[projections] ${message}`, error ?? ''));
  const rebuilds = options.rebuildJobs && startRebuildJobs({ store, pool, ...options.rebuildJobs, publish, log });
  return {
    runners,
    async stop() {
      await rebuilds?.stop();
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
