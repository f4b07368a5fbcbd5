import type { Job } from 'bullmq';
import type pg from 'pg';
import { PROJECTION_OPERATIONS_STREAM, projectionOperationsAggregate, rebuildProjectionJobId, type ProjectionName, type ProjectionOperationEvent } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import { rebuildLockKey } from '../runtime/bookkeeping';
import { tryLock } from '../runtime/session-lock';
import { recordRebuild, REBUILD_ACTOR } from './recorded-rebuild';

/** What the console shows for a rebuild whose runner went away without recording its end. */
export const LOST_REBUILD_REASON = 'Перестройка прервана: процесс, который её вёл, остановился, не записав итог';

/**
 * A request younger than this may still be on its way to the queue (command-api records it, then
 * queues the job) or to its lock (the command line records it, then starts).
 */
const GRACE_MS = 60_000;

/** Job states in which a worker will still run or is running the rebuild. */
const PENDING_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

export interface LostRebuildsOptions {
  store: EventStore;
  pool: pg.Pool;
  /** The projections queue, where the console's rebuild jobs wait. */
  jobs: { getJob(id: string): Promise<Job | undefined> };
  now?: Date;
  graceMs?: number;
}

/**
 * Records as failed every rebuild the operations stream holds as under way that nobody runs or
 * will run: no pending job (Redis lost it, or its worker failed it unheard) and its lock free (no
 * process, the command line included, is rebuilding). Without this the projection would refuse
 * every later rebuild with «уже идёт». Returns the projections it failed.
 */
export async function failLostRebuilds({ store, pool, jobs, now = new Date(), graceMs = GRACE_MS }: LostRebuildsOptions): Promise<string[]> {
  // One read gives both the decider's state and when each request was made.
  const { decider } = projectionOperationsAggregate;
  const state = decider.initialState();
  const requestedAt = new Map<string, Date>();
  for (const recorded of await store.readStream(PROJECTION_OPERATIONS_STREAM)) {
    const event = { type: recorded.type, data: recorded.data } as ProjectionOperationEvent;
    decider.evolve(state, event);
    if (event.type === 'ProjectionRebuildRequested') requestedAt.set(event.data.rebuildId, recorded.createdAt);
  }
  const running = Object.entries(state.running).filter((entry): entry is [ProjectionName, string] => entry[1] !== undefined);
  const failed: string[] = [];
  for (const [projection, rebuildId] of running) {
    const at = requestedAt.get(rebuildId);
    if (!at || now.getTime() - at.getTime() < graceMs) continue;
    const job = await jobs.getJob(rebuildProjectionJobId(rebuildId));
    if (job && PENDING_STATES.has(await job.getState())) continue;
    const lock = await tryLock(pool, rebuildLockKey(projection));
    if (!lock) continue;
    try {
      const { events } = await recordRebuild(store, { type: 'RecordProjectionRebuildFailed', data: { rebuildId, projection, reason: LOST_REBUILD_REASON } }, { actor: REBUILD_ACTOR, causationId: `sweep:${rebuildId}` });
      if (events.length) failed.push(projection);
    } finally {
      await lock.release();
    }
  }
  return failed;
}
