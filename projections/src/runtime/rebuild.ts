import { sql } from 'kysely';
import type pg from 'pg';
import type { VersionComparison } from '@studio/domain';
import { createKysely, type EventStore, type RecordedEvent } from '@studio/platform';
import { applyAndCheckpoint } from './apply-batch';
import { createVersion, dropVersion, ensureProjectionTables, LiveVersionIsNewer, pointViews, readLive, rebuildLockKey, withDdlLock } from './bookkeeping';
import { compareBeforeSwitch } from './compare-versions';
import { versionedTable, type AnyProjection, type ProjectionChange } from './definition';
import { tryLock } from './session-lock';

export interface RebuildProgress {
  applied: number;
  /** Events in the store when the rebuild started; events appended since make `applied` pass it. */
  total: number;
  elapsedMs: number;
}

export interface RebuildOptions {
  store: EventStore;
  pool: pg.Pool;
  projection: AnyProjection;
  /** Events a transaction; pages of thousands are what the projections' `applyBatch` is for. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Receives what the final catch-up (inside the switch) changed, after it commits. */
  publish?: (changes: ProjectionChange[]) => Promise<void>;
  /**
   * Before switching, bring the live version to the same position and compare their tables; switch
   * only when they are equal, else keep the live version and drop the rebuilt one (compare-versions.ts).
   */
  compare?: boolean;
}

export interface RebuildResult {
  previousVersion: number;
  version: number;
  applied: number;
  position: string | null;
  /** False when the comparison found the versions differ: `version` is then still the live one. */
  switched: boolean;
  comparison?: VersionComparison;
}

/** $all page by page, the next page read while the caller applies this one. */
async function* readAhead(store: EventStore, limit: number): AsyncGenerator<RecordedEvent[]> {
  const read = (after?: string) => {
    const page = store.readAll({ after, limit });
    page.catch(() => undefined); // the caller may stop first; awaited below, a failure still throws
    return page;
  };
  for (let page = await read(); page.length; ) {
    const next = read(page.at(-1)!.position);
    yield page;
    page = await next;
  }
}

/**
 * Builds the next version of a projection beside the live one from the first event, then, in one
 * transaction, applies the last events, re-points the views and `projection_live` at it and drops
 * the old tables. A live runner keeps serving (and writing) the old version until that switch.
 * Refuses a live version built by newer code: older code must not replace it.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { store, pool, projection, batchSize = 5000, onProgress, publish, compare } = options;
  const db = createKysely(pool);
  const lock = await tryLock(pool, rebuildLockKey(projection.name));
  if (!lock) throw new Error(`Перестройка «${projection.name}» уже идёт в другом процессе`);
  let target: number | undefined;
  try {
    await ensureProjectionTables(db, [projection]);
    const { live, version } = await withDdlLock(db, async (trx) => {
      const current = (await readLive(trx, projection.name))!;
      if (current.schemaVersion > projection.version) throw new LiveVersionIsNewer(projection, current, 'refusing to rebuild it with older code');
      const next = Math.max(current.version + 1, projection.version);
      // Leftovers of an interrupted rebuild may come from other code: start clean.
      await dropVersion(trx, projection, next);
      await createVersion(trx, projection, next);
      return { live: current.version, version: next };
    });
    target = version;

    const started = Date.now();
    const total = await store.countAll();
    let position: string | null = null;
    let applied = 0;
    const readNext = () => store.readAll({ after: position ?? undefined, limit: batchSize });
    for await (const events of readAhead(store, batchSize)) {
      const from = position;
      await db.transaction().execute((trx) => applyAndCheckpoint(trx, projection, version, from, events, true));
      position = events.at(-1)!.position;
      applied += events.length;
      onProgress?.({ applied, total, elapsedMs: Date.now() - started });
    }
    // Tables filled in bulk have no planner statistics until autovacuum comes by: readers switched
    // to them now would be planned as if they were empty (seq scans and nested loops over millions).
    for (const table of Object.keys(projection.tables)) await sql`ANALYZE ${sql.id(versionedTable(table, version))}`.execute(db);

    const { changes, comparison } = await withDdlLock(db, async (trx) => {
      // Taken before the live runner's next batch, which waits on it and then follows the switch.
      const locked = await readLive(trx, projection.name, 'update');
      const current = locked?.version;
      if (current !== live) throw new Error(`Live version of ${projection.name} moved from ${live} to ${current} during the rebuild`);
      const tail: ProjectionChange[] = [];
      for (let events = await readNext(); events.length; events = await readNext()) {
        tail.push(...(await applyAndCheckpoint(trx, projection, version, position, events, true)));
        position = events.at(-1)!.position;
        applied += events.length;
      }
      const verdict = compare ? await compareBeforeSwitch(trx, { store, projection, live: locked!, version, position, batchSize }) : undefined;
      if (verdict?.comparison.compared && !verdict.comparison.equal) {
        await dropVersion(trx, projection, version);
        return { changes: verdict.changes, comparison: verdict.comparison };
      }
      await sql`UPDATE projection_live SET version = ${version}, schema_version = ${projection.version} WHERE projection = ${projection.name}`.execute(trx);
      await pointViews(trx, projection, version);
      await dropVersion(trx, projection, live);
      return { changes: [...(verdict?.changes ?? []), ...tail], comparison: verdict?.comparison };
    });
    onProgress?.({ applied, total, elapsedMs: Date.now() - started });
    // The switch is committed: a lost push only delays a browser's refresh, it must not fail the rebuild.
    await publish?.(changes).catch(() => undefined);
    const switched = !comparison?.compared || comparison.equal;
    return { previousVersion: live, version: switched ? version : live, applied, position, switched, ...(comparison ? { comparison } : {}) };
  } catch (error) {
    if (target !== undefined) {
      const failed = target;
      await withDdlLock(db, async (trx) => {
        if ((await readLive(trx, projection.name))?.version !== failed) await dropVersion(trx, projection, failed);
      }).catch(() => undefined);
    }
    throw error;
  } finally {
    await lock.release();
  }
}
