import type pg from 'pg';
import { ensureTables } from '@studio/platform';
import type { RebuildProgress } from '../runtime/rebuild';

/** Shown by the operators' console while a rebuild runs; its outcome is in the operations stream. */
const DDL = `CREATE TABLE IF NOT EXISTS projection_rebuilds (
  projection text PRIMARY KEY,
  rebuild_id text NOT NULL,
  state text NOT NULL,
  applied int NOT NULL DEFAULT 0,
  total int NOT NULL DEFAULT 0,
  elapsed_ms int NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
)`;

export async function ensureRebuildProgressTable(pool: pg.Pool): Promise<void> {
  // Under the DDL lock: processes starting together raced on the catalog (a duplicate pg_type).
  await ensureTables(pool, 'projection_rebuilds', [DDL]);
}

/** A write at most this often: a rebuild reports after every batch, the console polls about every second. */
const WRITE_EVERY_MS = 250;

/**
 * The progress of one rebuild in `projection_rebuilds`: `update` is the rebuild's synchronous
 * onProgress, so writes are chained (never two at once, never out of order) and thinned out;
 * `finish` writes the last figures and waits for every write.
 */
export function rebuildProgressWriter(pool: pg.Pool, projection: string, rebuildId: string, log: (message: string, error: unknown) => void) {
  let chain: Promise<void> = Promise.resolve();
  let lastWrite = 0;
  const write = (state: 'running' | 'done', { applied, total, elapsedMs }: RebuildProgress) => {
    chain = chain
      .then(async () => {
        await pool.query(
          `INSERT INTO projection_rebuilds (projection, rebuild_id, state, applied, total, elapsed_ms, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())
           ON CONFLICT (projection) DO UPDATE SET rebuild_id = $2, state = $3, applied = $4, total = $5, elapsed_ms = $6, updated_at = now()`,
          [projection, rebuildId, state, applied, total, Math.round(elapsedMs)],
        );
      })
      // Progress is only for the eyes: a failed write must not fail the rebuild.
      .catch((error: unknown) => log('writing rebuild progress failed', error));
  };
  return {
    update(progress: RebuildProgress) {
      if (Date.now() - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = Date.now();
      write('running', progress);
    },
    async finish(progress: RebuildProgress) {
      write('done', progress);
      await chain;
    },
  };
}
