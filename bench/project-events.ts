import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createKysely, encodePosition, type RecordedEvent } from '@studio/platform';
import { testClock } from '@studio/platform/testing';
import type { AnyProjection } from '../projections/src/runtime/definition';
import { VersionedTablesPlugin } from '../projections/src/runtime/versioned-tables';

/**
 * Events through a projection's own apply, in batches as its runner commits them, into its live
 * tables (what `ensureReadModels` made); resolves with the seconds it took.
 */
export async function projectEvents(pool: pg.Pool, projection: AnyProjection, events: readonly { stream: string; type: string; data: unknown; at?: Date }[], batchSize: number): Promise<number> {
  const db = createKysely<unknown>(pool);
  const plugin = new VersionedTablesPlugin(Object.keys(projection.tables), projection.version);
  const started = performance.now();
  for (let from = 0; from < events.length; from += batchSize) {
    const batch: RecordedEvent[] = events.slice(from, from + batchSize).map((e, i) => ({
      id: randomUUID(),
      type: e.type,
      data: e.data,
      metadata: {},
      streamName: e.stream,
      revision: 0n,
      position: encodePosition(1n, BigInt(from + i + 1)),
      createdAt: e.at ?? testClock.now(),
    }));
    await db.transaction().execute((trx) => projection.apply(trx.withPlugin(plugin), batch));
  }
  return (performance.now() - started) / 1000;
}
