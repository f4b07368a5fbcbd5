import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { VersionedTablesPlugin } from './versioned-tables';

interface DB {
  calendar_cells: { studio: string; cell: string; hold_id: string | null };
  other: { studio: string };
}

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
}).withPlugin(new VersionedTablesPlugin(['calendar_cells'], 3));

describe('VersionedTablesPlugin', () => {
  it('rewrites the projection tables, qualified column references included, and nothing else', () => {
    const query = db
      .selectFrom('calendar_cells')
      .innerJoin('other', 'other.studio', 'calendar_cells.studio')
      .select(['calendar_cells.cell', 'other.studio'])
      .compile();
    expect(query.sql).toBe(
      'select "calendar_cells_v3"."cell", "other"."studio" from "calendar_cells_v3" inner join "other" on "other"."studio" = "calendar_cells_v3"."studio"',
    );
  });

  it('leaves upsert `excluded` references alone', () => {
    const query = db
      .insertInto('calendar_cells')
      .values({ studio: 'pochta', cell: '10:00', hold_id: null })
      .onConflict((oc) => oc.columns(['studio', 'cell']).doUpdateSet((eb) => ({ hold_id: eb.ref('excluded.hold_id') })))
      .compile();
    expect(query.sql).toContain('insert into "calendar_cells_v3"');
    expect(query.sql).toContain('"hold_id" = "excluded"."hold_id"');
  });
});
