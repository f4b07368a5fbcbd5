import { sql, type Transaction } from 'kysely';
import type { EventStore } from '@studio/platform';
import type { VersionComparison } from '@studio/domain';
import { applyAndCheckpoint } from './apply-batch';
import { readCheckpoint, type LiveVersion } from './bookkeeping';
import { versionedTable, type AnyProjection, type ProjectionChange } from './definition';

export interface CompareBeforeSwitch {
  store: EventStore;
  projection: AnyProjection;
  live: LiveVersion;
  /** The rebuilt version, caught up to `position`. */
  version: number;
  position: string | null;
  batchSize: number;
}

export interface CompareOutcome {
  comparison: VersionComparison;
  /** What bringing the live version up to the position changed: its runner will not publish it. */
  changes: ProjectionChange[];
}

/**
 * Inside the switch transaction (which holds projection_live FOR UPDATE, so the live runner waits):
 * brings the live version's checkpoint to the rebuilt version's position, then compares every table
 * of the two, row for row (each row as text, EXCEPT ALL both ways, so duplicates count). A live
 * version of other code is not compared: its columns may differ.
 */
export async function compareBeforeSwitch(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  trx: Transaction<any>,
  { store, projection, live, version, position, batchSize }: CompareBeforeSwitch,
): Promise<CompareOutcome> {
  if (live.schemaVersion !== projection.version) return { comparison: { compared: false, equal: false, position, tables: [] }, changes: [] };
  const changes: ProjectionChange[] = [];
  let from = await readCheckpoint(trx, projection.name, live.version);
  // The live runner committed only what was visible before this transaction took the lock, and the
  // rebuilt version read everything visible after: the live checkpoint is never past `position`.
  while (position !== null && (from === null || from < position)) {
    const events = (await store.readAll({ after: from ?? undefined, limit: batchSize })).filter((event) => event.position <= position);
    if (!events.length) break;
    changes.push(...(await applyAndCheckpoint(trx, projection, live.version, from, events)));
    from = events.at(-1)!.position;
  }
  const tables: VersionComparison['tables'] = [];
  for (const table of Object.keys(projection.tables)) {
    const [liveTable, rebuiltTable] = [sql.id(versionedTable(table, live.version)), sql.id(versionedTable(table, version))];
    const { rows } = await sql<{ only_live: string; only_rebuilt: string }>`
      SELECT (SELECT count(*) FROM (SELECT r::text FROM ${liveTable} r EXCEPT ALL SELECT r::text FROM ${rebuiltTable} r) d) AS only_live,
             (SELECT count(*) FROM (SELECT r::text FROM ${rebuiltTable} r EXCEPT ALL SELECT r::text FROM ${liveTable} r) d) AS only_rebuilt`.execute(trx);
    tables.push({ table, onlyLive: Number(rows[0]!.only_live), onlyRebuilt: Number(rows[0]!.only_rebuilt) });
  }
  const equal = from === position && tables.every((t) => t.onlyLive === 0 && t.onlyRebuilt === 0);
  return { comparison: { compared: true, equal, position, tables }, changes };
}
