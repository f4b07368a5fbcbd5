import { sql, type Kysely, type Transaction } from 'kysely';
import { RENAMED_PROJECTIONS } from '@studio/domain';
import { versionedTable, type AnyProjection } from './definition';

/** First key of every advisory lock the projections take, so they never collide with others'. */
const LOCK_NAMESPACE = 0x70726a;

/** SQL for an advisory-lock function keyed by `$1` inside LOCK_NAMESPACE (for a raw pg client). */
export const advisoryLockSql = (fn: 'pg_try_advisory_lock' | 'pg_advisory_unlock') =>
  `SELECT ${fn}(${LOCK_NAMESPACE}, hashtext($1)) AS locked`;

export const runnerLockKey = (projection: string) => `runner:${projection}`;
export const rebuildLockKey = (projection: string) => `rebuild:${projection}`;

// Works on a Kysely instance and on a transaction alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

const BOOKKEEPING_DDL = [
  `CREATE TABLE IF NOT EXISTS projection_checkpoints (
    projection text NOT NULL,
    version int NOT NULL,
    position text,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (projection, version)
  )`,
  `CREATE TABLE IF NOT EXISTS projection_live (
    projection text PRIMARY KEY,
    version int NOT NULL,
    schema_version int
  )`,
  // Databases from before schema_version; the catalog check keeps ALTER's exclusive lock off the
  // table (and the runners' FOR SHARE reads) once the column is there.
  `DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_attribute WHERE attrelid = 'projection_live'::regclass AND attname = 'schema_version' AND NOT attisdropped) THEN
      ALTER TABLE projection_live ADD COLUMN schema_version int;
    END IF;
  END $$`,
];

/**
 * Runs `work` in a transaction holding the DDL lock, with the bookkeeping tables in place:
 * concurrent CREATE ... IF NOT EXISTS from several processes can still collide on the catalog.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function withDdlLock<T>(db: Db, work: (trx: Transaction<any>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_NAMESPACE)}, hashtext('ddl'))`.execute(trx);
    for (const statement of BOOKKEEPING_DDL) await sql.raw(statement).execute(trx);
    return work(trx);
  });
}

/** Creates one version's tables and its checkpoint row (position NULL: nothing read yet); idempotent. */
export async function createVersion(db: Db, projection: AnyProjection, version: number): Promise<void> {
  for (const [table, ddl] of Object.entries(projection.tables)) {
    for (const statement of ddl(versionedTable(table, version))) await sql.raw(statement).execute(db);
  }
  await sql`INSERT INTO projection_checkpoints (projection, version, position) VALUES (${projection.name}, ${version}, NULL)
    ON CONFLICT (projection, version) DO NOTHING`.execute(db);
}

/** Points every view of the projection at `version`; dropped first because a new version may change columns. */
export async function pointViews(db: Db, projection: AnyProjection, version: number): Promise<void> {
  for (const table of Object.keys(projection.tables)) {
    await sql`DROP VIEW IF EXISTS ${sql.id(table)}`.execute(db);
    await sql`CREATE VIEW ${sql.id(table)} AS SELECT * FROM ${sql.id(versionedTable(table, version))}`.execute(db);
  }
}

export async function dropVersion(db: Db, projection: AnyProjection, version: number): Promise<void> {
  for (const table of Object.keys(projection.tables)) {
    await sql`DROP TABLE IF EXISTS ${sql.id(versionedTable(table, version))}`.execute(db);
  }
  await sql`DELETE FROM projection_checkpoints WHERE projection = ${projection.name} AND version = ${version}`.execute(db);
}

export interface LiveVersion {
  /** Generation of the tables the views show. */
  version: number;
  /** Version of the code those tables belong to. */
  schemaVersion: number;
}

/** Undefined until ensureProjectionTables has registered the projection (or stamped its schema version). */
export async function readLive(db: Db, projection: string, lock?: 'share' | 'update'): Promise<LiveVersion | undefined> {
  const clause = lock === 'share' ? sql` FOR SHARE` : lock === 'update' ? sql` FOR UPDATE` : sql``;
  const { rows } = await sql<{ version: number; schema_version: number }>`
    SELECT version, schema_version FROM projection_live WHERE projection = ${projection} AND schema_version IS NOT NULL${clause}`.execute(db);
  return rows[0] && { version: rows[0].version, schemaVersion: rows[0].schema_version };
}

/** Why code of `projection` must not touch a live version built by newer code (an old binary started after a newer one). */
export class LiveVersionIsNewer extends Error {
  override readonly name = 'LiveVersionIsNewer';
  constructor(projection: AnyProjection, live: LiveVersion, action = 'refusing to run; deploy the newer code') {
    super(`Projection ${projection.name}: live version ${live.schemaVersion} is newer than this code's ${projection.version}: ${action}`);
  }
}

export async function readCheckpoint(db: Db, projection: string, version: number): Promise<string | null> {
  const { rows } = await sql<{ position: string | null }>`
    SELECT position FROM projection_checkpoints WHERE projection = ${projection} AND version = ${version}`.execute(db);
  if (!rows[0]) throw new Error(`Projection ${projection} v${version} has no checkpoint row`);
  return rows[0].position;
}

/**
 * Gives a renamed read model's bookkeeping rows (its live version, checkpoints and rebuild progress)
 * its new name, so it keeps its tables, views and checkpoint instead of starting over beside them
 * (docs/operations.md#renamed-read-models). Rows under the new name already there win: the former
 * name's are then left alone (an older process still running under it).
 */
async function renameFormerRows(trx: Db, former: string, name: string): Promise<void> {
  await sql`UPDATE projection_live SET projection = ${name}
    WHERE projection = ${former} AND NOT EXISTS (SELECT FROM projection_live WHERE projection = ${name})`.execute(trx);
  await sql`UPDATE projection_checkpoints c SET projection = ${name}
    WHERE c.projection = ${former} AND NOT EXISTS (SELECT FROM projection_checkpoints n WHERE n.projection = ${name} AND n.version = c.version)`.execute(trx);
  // The projections process creates it on its own start (operations/rebuild-progress.ts): a migration may come first.
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('projection_rebuilds') IS NOT NULL AS present`.execute(trx);
  if (rows[0]?.present) {
    await sql`UPDATE projection_rebuilds SET projection = ${name}
      WHERE projection = ${former} AND NOT EXISTS (SELECT FROM projection_rebuilds WHERE projection = ${name})`.execute(trx);
  }
}

/**
 * Creates the bookkeeping tables and, for each projection, its live version's tables, checkpoint
 * and views. Safe to call from several processes at once and on every start. A live version built
 * by other code is left alone: this code's DDL does not belong in its tables or views (an older one
 * is rebuilt beside it by the runner; a newer one is refused by startProjections). A projection
 * known by a former name (RENAMED_PROJECTIONS) first takes over that name's rows.
 */
export async function ensureProjectionTables(db: Db, projections: readonly AnyProjection[]): Promise<void> {
  await withDdlLock(db, async (trx) => {
    for (const projection of projections) {
      for (const [former, name] of Object.entries(RENAMED_PROJECTIONS)) if (name === projection.name) await renameFormerRows(trx, former, name);
      // Tables from before schema_version were built by code at most as new as their generation:
      // code newer than that rebuilds them, code up to it keeps following them as it used to.
      await sql`UPDATE projection_live SET schema_version = LEAST(version, ${projection.version})
        WHERE projection = ${projection.name} AND schema_version IS NULL`.execute(trx);
      let live = await readLive(trx, projection.name);
      if (!live) {
        live = { version: projection.version, schemaVersion: projection.version };
        await sql`INSERT INTO projection_live (projection, version, schema_version) VALUES (${projection.name}, ${live.version}, ${live.schemaVersion})`.execute(trx);
      }
      if (live.schemaVersion !== projection.version) continue;
      await createVersion(trx, projection, live.version);
      const { rows } = await sql<{ missing: boolean }>`
        SELECT bool_or(to_regclass(v) IS NULL) AS missing FROM unnest(${Object.keys(projection.tables)}::text[]) AS v`.execute(trx);
      if (rows[0]?.missing) await pointViews(trx, projection, live.version);
    }
  });
}
