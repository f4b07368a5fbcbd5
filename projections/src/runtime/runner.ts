import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@studio/platform';
import { applyAndCheckpoint, CheckpointMoved } from './apply-batch';
import { LiveVersionIsNewer, readCheckpoint, readLive, runnerLockKey, type Db, type LiveVersion } from './bookkeeping';
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
  /** Longest pause between attempts at a failing upgrade rebuild; the pauses double from lockRetryMs. */
  rebuildRetryMaxMs?: number;
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

/** The live version changed under the runner (a rebuild switched): look at it again before following. */
class VersionSwitched extends Error {}

/**
 * One projection's catch-up subscriber. Only the holder of the projection's advisory lock applies
 * events; each delivered batch is applied and checkpointed in one transaction, so a crash or a
 * second writer can neither skip nor double-apply an event. A rebuild's switch or a foreign
 * checkpoint move makes it resubscribe from the checkpoint in the database.
 *
 * It writes only to a live version built by its own code (`projection.version`), checked before
 * each subscription and again in each batch's transaction. An older live version is rebuilt
 * first, retried with backoff while it fails, and never followed meanwhile. A newer one (an old
 * binary started after a newer one, or a newer deploy's rebuild switched under this runner) makes
 * it let go of the lock, log that once and stand by, writing nothing.
 */
export function startProjectionRunner(options: RunnerOptions): ProjectionRunner {
  const { store, pool, db, projection, publish, batchSize = 500, lockRetryMs = 1000, rebuildRetryMaxMs = 300_000 } = options;
  const log = options.log ?? ((message, error) => console.error(`[projection ${projection.name}] ${message}`, error ?? ''));
  const wakeup = new Wakeup();
  let stopped = false;
  let lock: SessionLock | undefined;
  let cursor: Cursor | undefined;
  let failedRebuilds = 0;
  /** The newer schema version this runner has already reported refusing. */
  let refused: number | undefined;

  const releaseLock = async () => {
    const held = lock;
    lock = undefined;
    await held?.release();
  };

  const rebuild = async (live: LiveVersion): Promise<void> => {
    log(`live version ${live.schemaVersion} is older than the code's ${projection.version}: rebuilding`);
    try {
      await rebuildProjection({ store, pool, projection, publish });
      failedRebuilds = 0;
    } catch (error) {
      failedRebuilds += 1;
      const pause = Math.min(lockRetryMs * 2 ** (failedRebuilds - 1), rebuildRetryMaxMs);
      log(`rebuild to version ${projection.version} failed; retrying in ${pause} ms`, error);
      // Meanwhile a runner of the live version's own code (an older process still up) may keep it current.
      await releaseLock();
      await wakeup.wait(pause);
    }
  };

  /** Applies one delivered batch; false when the cursor went stale and the subscription must restart. */
  const applyDelivered = async (from: Cursor, events: RecordedEvent[]): Promise<boolean> => {
    try {
      const changes = await db.transaction().execute(async (trx) => {
        // FOR SHARE: a rebuild's switch (FOR UPDATE) waits for this batch, or this batch for it.
        const live = await readLive(trx, projection.name, 'share');
        if (live?.version !== from.version || live.schemaVersion !== projection.version) throw new VersionSwitched();
        // Whatever was pending, up to batchSize, in the projection's bulk apply: a burst costs a few statements, not one per event.
        return applyAndCheckpoint(trx, projection, from.version, from.position, events, true);
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
    cursor = start;
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
    if (lock?.lost) await releaseLock();
    const live = await readLive(db, projection.name);
    if (!live) throw new Error(`Projection ${projection.name} has no live version: run ensureReadModels first`);
    if (live.schemaVersion > projection.version) {
      // The lock goes to whichever runner of the newer code wants it.
      await releaseLock();
      if (refused !== live.schemaVersion) log(new LiveVersionIsNewer(projection, live).message);
      refused = live.schemaVersion;
      await wakeup.wait(lockRetryMs);
      return;
    }
    refused = undefined;
    if (!lock) {
      lock = await tryLock(pool, runnerLockKey(projection.name));
      // Once held, the next step looks at the live version again: it may have switched meanwhile.
      if (!lock) await wakeup.wait(lockRetryMs);
      return;
    }
    if (live.schemaVersion < projection.version) return rebuild(live);
    await follow({ version: live.version, position: await readCheckpoint(db, projection.name, live.version) });
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        await step();
      } catch (error) {
        log('runner failed; retrying', error);
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
      await releaseLock();
    },
  };
}
