import { Router } from 'express';
import { oldestOpenTransaction } from '@studio/platform';
import type { HealthResponse } from '@studio/domain';
import type pg from 'pg';
import type { QueryAppDeps } from '../app';

/** Past this an open transaction holds every event-store reader back long enough to matter. */
export const STALL_WARNING_SECONDS = 10;

/** Age of the oldest open transaction in the cluster, in seconds to a tenth; null when none is open. */
export async function oldestTransactionSeconds(pool: pg.Pool): Promise<number | null> {
  const oldest = await oldestOpenTransaction(pool);
  return oldest ? Math.round(oldest.ageSeconds * 10) / 10 : null;
}

/**
 * GET /api/health: the projections' live checkpoints and the age of the oldest open transaction in
 * the cluster. The Postgres event store shows readers only events older than every open
 * transaction, so an old one stalls projections and pushes without any error: this makes it seen.
 */
export function healthRoutes({ db, pool }: QueryAppDeps): Router {
  return Router().get('/api/health', async (_req, res) => {
    const [oldest, projections] = await Promise.all([
      oldestTransactionSeconds(pool),
      db
        .selectFrom('projection_live as l')
        .leftJoin('projection_checkpoints as c', (join) => join.onRef('c.projection', '=', 'l.projection').onRef('c.version', '=', 'l.version'))
        .select(['l.projection as name', 'l.version', 'c.position'])
        .orderBy('l.projection')
        .execute(),
    ]);
    const body: HealthResponse = {
      success: true,
      status: oldest !== null && oldest > STALL_WARNING_SECONDS ? 'degraded' : 'ok',
      oldestTransactionSeconds: oldest,
      projections: projections.map((p) => ({ name: p.name, version: p.version, position: p.position ?? null })),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
}
