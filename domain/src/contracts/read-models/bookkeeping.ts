/** Where each version of a projection has read up to, and which version the views show. */
export interface BookkeepingTables {
  projection_checkpoints: {
    projection: string;
    version: number;
    /** NULL until the version has read anything. */
    position: string | null;
    updated_at: Date;
  };
  projection_live: {
    projection: string;
    /** The tables' generation (`<table>_v<version>`); a rebuild by the same code makes a new one. */
    version: number;
    /**
     * `ProjectionDefinition.version` of the code that built those tables: only that code may write
     * to them. NULL in a database from before it was recorded, until ensureProjectionTables runs.
     */
    schema_version: number | null;
  };
  /** The progress of the latest operator's rebuild of each projection, written by the projections process as it runs. */
  projection_rebuilds: {
    projection: string;
    rebuild_id: string;
    state: 'running' | 'done';
    applied: number;
    /** Events in the store when it started; events appended since make `applied` pass it. */
    total: number;
    elapsed_ms: number;
    updated_at: Date;
  };
}
