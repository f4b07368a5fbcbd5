import type { ColumnType, Selectable } from 'kysely';
import type { BookkeepingTables, CalendarTables, CatalogTables } from '@studio/projections';

type Views = CalendarTables & CatalogTables & BookkeepingTables;

/** Every column as it comes back from pg, and never insertable or updatable from here. */
type ReadOnly<Table> = { [Column in keyof Selectable<Table>]: ColumnType<Selectable<Table>[Column], never, never> };

/**
 * The read-model views query-api reads (CONTRACTS.md). Projections own, write and type them;
 * this service only selects.
 */
export type ReadModels = { [View in keyof Views]: ReadOnly<Views[View]> };

/** The projections whose checkpoints a read-your-writes wait can follow. */
export type ServingProjection = 'calendar' | 'catalog';
