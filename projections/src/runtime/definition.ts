import type { Transaction } from 'kysely';
import type { ChangeNotice } from '@studio/domain';
import type { RecordedEvent } from '@studio/platform';

/** What a committed batch changed: change notices (domain/src/contracts/notices.ts), published after the commit. */
export type ProjectionChange = ChangeNotice;

/**
 * A read model. Its tables live as `<table>_v<N>`; `apply` is written against the bare table names
 * (the runtime rewrites them to the version being written), so the same code fills the live
 * version and a rebuild beside it. Every table is exposed to readers as a view with its bare name.
 */
export interface ProjectionDefinition<DB = unknown> {
  name: string;
  /**
   * Schema version of this code; bump it when `tables` or `apply` change what is stored. A live
   * version built by older code is rebuilt on start; one built by newer code is never written to.
   */
  version: number;
  /** Bare table name → DDL statements for the concrete (versioned) table name; each idempotent. */
  tables: Record<keyof DB & string, (table: string) => string[]>;
  /** Applies a batch in the caller's transaction; returns what changed for the change pushes. */
  apply(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<ProjectionChange[]>;
  /**
   * Optional, for batches where `apply` spends a statement on each event: the same batch in a few
   * statements, leaving exactly the rows `apply` would and returning the same changes, though each
   * at most once (a calendar refetches a day once however many of its events the batch held). The live
   * runner (whatever is pending, up to its batch size, so a burst is absorbed in a few
   * transactions) and a rebuild's pages both go through it (docs/performance.md).
   */
  applyBatch?(trx: Transaction<DB>, events: readonly RecordedEvent[]): Promise<ProjectionChange[]>;
}

// The runtime handles projections of different schemas side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProjection = ProjectionDefinition<any>;

export const versionedTable = (table: string, version: number) => `${table}_v${version}`;
