// Helpers of the projections' integration tests; stacks come from the shared kit (@studio/e2e/kit).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import { createKysely, encodePosition, type RecordedEvent } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { applyAndCheckpoint } from './runtime/apply-batch';
import { createVersion } from './runtime/bookkeeping';
import { versionedTable, type AnyProjection, type ProjectionChange, type ProjectionDefinition } from './runtime/definition';
import { VersionedTablesPlugin } from './runtime/versioned-tables';

export const event = (type: string, data: unknown) => ({ id: randomUUID(), type, data });

export async function checkpointOf(pool: pg.Pool, projection: string): Promise<{ version: number; position: string | null } | undefined> {
  const { rows } = await sql<{ version: number; position: string | null }>`
    SELECT c.version, c.position FROM projection_checkpoints c
    JOIN projection_live l ON l.projection = c.projection AND l.version = c.version
    WHERE c.projection = ${projection}`.execute(createKysely(pool));
  return rows[0];
}

/** Resolves once the live checkpoint of `projection` has reached `position`. */
export const caughtUp = (pool: pg.Pool, projection: string, position: string) =>
  eventually(async () => {
    const checkpoint = await checkpointOf(pool, projection);
    return checkpoint?.position != null && checkpoint.position >= position;
  });

/** An event of a projection spec, with the stream it was appended to and, if it matters, when (ISO). */
export interface StreamEvent {
  stream: string;
  type: string;
  data: unknown;
  at?: string;
}

/** Recorded in the order given, each stream's revisions counted from 0; at 2030-01-01 unless an event says when. */
export const recordedOf = (events: readonly StreamEvent[]): RecordedEvent[] => {
  const revisions = new Map<string, number>();
  return events.map((e, i) => {
    const revision = revisions.get(e.stream) ?? 0;
    revisions.set(e.stream, revision + 1);
    return { id: randomUUID(), type: e.type, data: e.data, metadata: {}, streamName: e.stream, revision: BigInt(revision), position: encodePosition(1n, BigInt(i + 1)), createdAt: new Date(e.at ?? '2030-01-01T00:00:00Z') };
  });
};

/** A small deterministic PRNG, so a failure replays the same history: `pick(n)` is 0 to n - 1. */
export function seededRandom(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n); // the high bits: an LCG's low ones cycle
  };
}

/**
 * Builds a fresh `version` of `projection` from `events` in batches of `size`, each through `apply`,
 * or (`bulk`) through `applyBatch` as a rebuild's pages go; returns the changes. For the specs
 * proving a projection's batched apply leaves what its event-by-event apply does.
 */
export async function buildInBatches(pool: pg.Pool, projection: AnyProjection, version: number, events: readonly RecordedEvent[], size: number, bulk: boolean) {
  const db = createKysely(pool);
  await createVersion(db, projection, version);
  const changes: ProjectionChange[] = [];
  let from: string | null = null;
  for (let i = 0; i < events.length; i += size) {
    const batch = events.slice(i, i + size);
    changes.push(...(await db.transaction().execute((trx) => applyAndCheckpoint(trx, projection, version, from, batch, bulk))));
    from = batch.at(-1)!.position;
  }
  return { version, changes };
}

/** Every row of every table of a version, as Postgres prints it, sorted: what the batch-equivalence specs compare. */
export async function tablesOf(pool: pg.Pool, projection: AnyProjection, version: number): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of Object.keys(projection.tables)) {
    const { rows } = await pool.query<{ row: string }>(`SELECT t::text AS row FROM ${versionedTable(table, version)} t ORDER BY 1`);
    tables[table] = rows.map(({ row }) => row);
  }
  return tables;
}

/** A spec's scratch version: its tables live only inside the spec's rolled-back transaction. */
const SPEC_VERSION = 0;

class RolledBack<T> {
  constructor(readonly value: T) {}
}

/**
 * Given/When/Then for a projection, without a runner or a subscription:
 * `await projectionSpec(calendarProjection, db).given(streamName, [events]).then(read)` applies
 * the events in one transaction on scratch tables, returns what `read` selects and the change
 * notices, and rolls everything back, so specs share one database without seeing each other.
 */
export function projectionSpec<DB>(projection: ProjectionDefinition<DB>, db: Kysely<unknown>) {
  const applied = (recorded: RecordedEvent[]) => ({
    async then<T>(read: (trx: Transaction<DB>) => Promise<T>): Promise<{ rows: T; changes: ProjectionChange[] }> {
      try {
        await db.transaction().execute(async (trx) => {
          for (const [table, ddl] of Object.entries(projection.tables) as [string, (name: string) => string[]][]) {
            for (const statement of ddl(versionedTable(table, SPEC_VERSION))) await sql.raw(statement).execute(trx);
          }
          const versioned = (trx as unknown as Transaction<DB>).withPlugin(new VersionedTablesPlugin(Object.keys(projection.tables), SPEC_VERSION));
          const changes = await projection.apply(versioned, recorded);
          throw new RolledBack({ rows: await read(versioned), changes });
        });
      } catch (outcome) {
        if (outcome instanceof RolledBack) return outcome.value as { rows: T; changes: ProjectionChange[] };
        throw outcome;
      }
      throw new Error('unreachable: the spec transaction always rolls back');
    },
  });
  return {
    given(streamName: string, events: readonly { type: string; data: unknown }[]) {
      return applied(recordedOf(events.map((e) => ({ stream: streamName, ...e }))));
    },
    /** Events of several streams, applied in the order given (a read model that follows bookings, payments and accounts at once). */
    givenStreams(events: readonly StreamEvent[]) {
      return applied(recordedOf(events));
    },
  };
}
