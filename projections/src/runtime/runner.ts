import type pg from 'pg';
import type { EventStore, Subscription } from '@studio/platform';
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
  /** How often a runner without the lock tries to take it. */
  lockRetryMs?: number;
  /** Longest idle wait between reads if the store's subscription never wakes us. */
  idlePollMs?: number;
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
 * One projection's catch-up loop. Only the holder of the projection's advisory lock applies
 * events; each batch is applied and checkpointed in one transaction, so a crash or a second
 * writer can neither skip nor double-apply an event.
 */
export function startProjectionRunner(options: RunnerOptions): ProjectionRunner {
  const { store, pool, db, projection, publish, batchSize = 500, lockRetryMs = 1000, idlePollMs = 1000 } = options;
  const log = options.log ?? ((message, error) => console.error(`[projection ${projection.name}] ${message}`, error ?? ''));
  const wakeup = new Wakeup();
  let stopped = false;
  let lock: SessionLock | undefined;
  let cursor: Cursor | undefined;
  let subscription: Subscription | undefined;

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

  // The subscription only says "something was appended"; the loop reads from its own checkpoint.
  const listen = (after: string | null) => {
    subscription ??= store.subscribe(
      { after: after ?? undefined, batchSize: 1000, onError: (error) => log('wake-up subscription failed', error) },
      async () => wakeup.notify(),
    );
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
    const from = cursor ?? (cursor = await loadCursor());
    const events = await store.readAll({ after: from.position ?? undefined, limit: batchSize });
    if (events.length === 0) {
      listen(from.position);
      await wakeup.wait(idlePollMs);
      return;
    }
    try {
      const changes = await db.transaction().execute(async (trx) => {
        // FOR SHARE: a rebuild's switch (FOR UPDATE) waits for this batch, or this batch for it.
        if ((await readLiveVersion(trx, projection.name, 'share')) !== from.version) throw new VersionSwitched();
        return applyAndCheckpoint(trx, projection, from.version, from.position, events);
      });
      cursor = { version: from.version, position: events.at(-1)!.position };
      await publish(changes).catch((error) => log('publishing changes failed', error));
    } catch (error) {
      cursor = undefined;
      if (!(error instanceof VersionSwitched || error instanceof CheckpointMoved)) throw error;
    }
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        log('batch failed; retrying', error);
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
      await subscription?.stop();
      await lock?.release();
      lock = undefined;
    },
  };
}
