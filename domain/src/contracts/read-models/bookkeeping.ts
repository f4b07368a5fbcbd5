/** Where each version of a projection has read up to, and which version the views show. */
export interface BookkeepingTables {
  projection_checkpoints: {
    projection: string;
    version: number;
    /** NULL until the version has read anything. */
    position: string | null;
    updated_at: Date;
  };
  projection_live: { projection: string; version: number };
}
