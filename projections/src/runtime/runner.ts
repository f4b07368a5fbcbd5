import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@studio/platform';
import { applyAndCheckpoint, CheckpointMoved } from './apply-batch';
import { readCheckpoint, readLiveVersion, runnerLockKey, type Db } from './bookkeeping';
import type { AnyProjection, ProjectionChange } from './definition';
import { rebuildProjection } from './rebuild';
import { tryLock, type SessionLock } from './session-lock';
import { Wakeup } from './wakeup';

export interface RunnerOptions {
  store: EventStore;
  pool: pg.Pool;
  db: Db;
  projection: AnyProjection;
  publish: (changes: ProjectionChange[]) => Promise<void>;
  batchSize?: number;
  /** How often a runner without the lock tries to take it (and a holder checks it still has it). */
  lockRetryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface ProjectionRunner {
  readonly name: string;
  /** Whether this runner currently holds its projection's lock (the others stand by). */
  readonly active: boolean;
  stop(): Promise<void>;
}

interface Cursor {
  version: number;
  position: string | null;
}

/** The live version changed under the runner (a rebuild switched): follow it. */
class VersionSwitched extends Error {}

/**
 * One projection's catch-up subscriber. Only the holder of the projection's advisory lock applies
 * events; each delivered batch is applied and checkpointed in one transaction, so a crash or a
 * second writer can neither skip nor double-apply an event. A rebuild's switch or a foreign
 * checkpoint move makes it resubscribe from the checkpoint in the database.
 */
export function startProjectionRunner(options: RunnerOptions): ProjectionRunner {
  const { store, pool, db, projection, publish, batchSize = 500, lockRetryMs = 1000 } = options;
  const log = options.log ?? ((message, error) => console.error(`[projection ${projection.name}] ${message}`, error ?? ''));
  const wakeup = new Wakeup();
  let stopped = false;
  let lock: SessionLock | undefined;
  let cursor: Cursor | undefined;

  const loadCursor = async (): Promise<Cursor> => {
    const version = await readLiveVersion(db, projection.name);
    if (version === undefined) throw new Error(`Projection ${projection.name} has no live version: run ensureReadModels first`);
    return { version, position: await readCheckpoint(db, projection.name, version) };
  };

  const takeLock = async (): Promise<boolean> => {
    lock = await tryLock(pool, runnerLockKey(projection.name));
    if (!lock) return false;
    const live = await readLiveVersion(db, projection.name);
    if (live !== undefined && live < projection.version) {
      log(`live version ${live} is older than the code's ${projection.version}: rebuilding`);
      await rebuildProjection({ store, pool, projection, publish });
    }
    cursor = await loadCursor();
    return true;
  };

  /** Applies one delivered batch; false when the cursor went stale and the subscription must restart. */
  const applyDelivered = async (from: Cursor, events: RecordedEvent[]): Promise<boolean> => {
    try {
      const changes = await db.transaction().execute(async (trx) => {
        // FOR SHARE: a rebuild's switch (FOR UPDATE) waits for this batch, or this batch for it.
        if ((await readLiveVersion(trx, projection.name, 'share')) !== from.version) throw new VersionSwitched();
        return applyAndCheckpoint(trx, projection, from.version, from.position, events);
      });
      cursor = { version: from.version, position: events.at(-1)!.position };
      await publish(changes).catch((error) => log('publishing changes failed', error));
      return true;
    } catch (error) {
      if (error instanceof VersionSwitched || error instanceof CheckpointMoved) return false;
      // Thrown back to the subscription, which logs it and redelivers the same batch after a pause.
      throw error;
    }
  };

  /** Follows the store from the checkpoint until stopped, the lock is lost or the cursor goes stale. */
  const follow = async (start: Cursor): Promise<void> => {
    let stale = false;
    const subscription = store.subscribe(
      { after: start.position ?? undefined, batchSize, onError: (error) => log('batch failed; retrying', error) },
      async (events) => {
        if (stale || stopped || !cursor) return;
        if (!(await applyDelivered(cursor, events))) {
          stale = true;
          wakeup.notify();
        }
      },
    );
    try {
      while (!stale && !stopped && !lock?.lost) await wakeup.wait(lockRetryMs);
    } finally {
      await subscription.stop();
      cursor = undefined;
    }
  };

  const step = async (): Promise<void> => {
    if (lock?.lost) {
      await lock.release();
      lock = undefined;
    }
    if (!lock && !(await takeLock())) {
      await wakeup.wait(lockRetryMs);
      return;
    }
    await follow(cursor ?? (cursor = await loadCursor()));
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        log('runner failed; retrying', error);
        cursor = undefined;
        await wakeup.wait(lockRetryMs);
      }
    }
  })();

  return {
    name: projection.name,
    get active() {
      return lock !== undefined && !lock.lost;
    },
    async stop() {
      stopped = true;
      wakeup.notify();
      await loop;
      await lock?.release();
      lock = undefined;
    },
  };
}
