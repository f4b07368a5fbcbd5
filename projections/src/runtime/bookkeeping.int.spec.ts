import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { ensureProjectionTables, readLive } from './bookkeeping';
import type { ProjectionDefinition } from './definition';

let fixture: Stack;

beforeAll(async () => {
  fixture = await openStack({ name: 'proj' });
});

afterAll(() => fixture?.stop());

const notes = (name: string, version: number): ProjectionDefinition<Record<string, { id: string }>> => ({
  name,
  version,
  tables: { [name]: (table) => [`CREATE TABLE IF NOT EXISTS ${table} (id text)`] },
  apply: async () => [],
});

describe('ensureProjectionTables', () => {
  it('upgrades bookkeeping from before schema versions: same or older code keeps the live version, newer code sees it as older', async () => {
    // What the bookkeeping looked like then: generation 2 of both, e.g. after a rebuild by code of version 1.
    await fixture.pool.query(`
      CREATE TABLE projection_checkpoints (projection text NOT NULL, version int NOT NULL, position text,
        updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (projection, version));
      CREATE TABLE projection_live (projection text PRIMARY KEY, version int NOT NULL);
      INSERT INTO projection_live VALUES ('kept', 2), ('upgraded', 2);
      INSERT INTO projection_checkpoints (projection, version, position) VALUES ('kept', 2, 'p'), ('upgraded', 2, 'p');
      CREATE TABLE kept_v2 (id text); CREATE VIEW kept AS SELECT * FROM kept_v2;
      CREATE TABLE upgraded_v2 (id text); CREATE VIEW upgraded AS SELECT * FROM upgraded_v2;`);
    const db = createKysely(fixture.pool);

    await ensureProjectionTables(db, [notes('kept', 1), notes('upgraded', 3)]);
    expect(await readLive(db, 'kept')).toEqual({ version: 2, schemaVersion: 1 });
    expect(await readLive(db, 'upgraded')).toEqual({ version: 2, schemaVersion: 2 });
    // Newer code does not touch the old generation; its runner rebuilds beside it.
    expect((await fixture.pool.query(`SELECT to_regclass('upgraded_v3') IS NULL AS absent`)).rows[0].absent).toBe(true);
  });
});
