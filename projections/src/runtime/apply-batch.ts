import { sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '@studio/platform';
import type { AnyProjection, ProjectionChange } from './definition';
import { VersionedTablesPlugin } from './versioned-tables';

/** The checkpoint was not where this writer left it: someone else wrote; re-read and retry. */
export class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
  constructor(projection: string, version: number, expected: string | null) {
    super(`Checkpoint of ${projection} v${version} is no longer at ${expected ?? 'the beginning'}`);
  }
}

/**
 * Inside the caller's transaction: applies `events` to one version's tables and compare-and-sets
 * that version's checkpoint from `from` to the last event read. Throws CheckpointMoved (rolling
 * the whole transaction back) when the checkpoint was not at `from`. `bulk` (the live runner's
 * batches and a rebuild's pages) goes through the projection's `applyBatch` where it has one;
 * without it, through `apply` (what the batch-equivalence specs compare it with).
 */
export async function applyAndCheckpoint(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  trx: Transaction<any>,
  projection: AnyProjection,
  version: number,
  from: string | null,
  events: readonly RecordedEvent[],
  bulk = false,
): Promise<ProjectionChange[]> {
  const last = events.at(-1);
  if (!last) return [];
  const versioned = trx.withPlugin(new VersionedTablesPlugin(Object.keys(projection.tables), version));
  const apply = (bulk && projection.applyBatch) || projection.apply;
  const changes = await apply(versioned, events);
  const result = await sql`
    UPDATE projection_checkpoints SET position = ${last.position}, updated_at = now()
    WHERE projection = ${projection.name} AND version = ${version} AND position IS NOT DISTINCT FROM ${from}`.execute(trx);
  if (result.numAffectedRows !== 1n) throw new CheckpointMoved(projection.name, version, from);
  return changes;
}
