import { Router } from 'express';
import { oldestOpenTransaction, readJobRuns } from '@studio/platform';
import type { HealthResponse } from '@studio/domain';
import type pg from 'pg';
import type { QueryAppDeps } from '../app';

/** Past this an open transaction holds every event-store reader back long enough to matter. */
const STALL_WARNING_SECONDS = 10;

/** Age of the oldest open transaction in the cluster, in seconds to a tenth; null when none is open. */
export async function oldestTransactionSeconds(pool: pg.Pool): Promise<number | null> {
  const oldest = await oldestOpenTransaction(pool);
  return oldest ? Math.round(oldest.ageSeconds * 10) / 10 : null;
}

/** The workers' repeating jobs: each scheduled in Redis or not, and when a run of it last completed. */
async function repeatingJobs({ pool, schedulers }: Pick<QueryAppDeps, 'pool' | 'schedulers'>) {
  const runs = await readJobRuns(pool);
  return Promise.all(runs.map(async (run) => ({ ...run, scheduled: await schedulers.has(run.queue, run.schedulerId) })));
}

/**
 * GET /api/health: the projections' live checkpoints, the age of the oldest open transaction in
 * the cluster, and the workers' repeating jobs. The Postgres event store shows readers only events
 * older than every open transaction, so an old one stalls projections and pushes without any
 * error; a repeating job Redis lost (FLUSHALL, eviction) or that stopped running leaves expired
 * holds blocking cells and payments unsynced, as silently: `degraded` makes either seen.
 */
export function healthRoutes({ db, pool, schedulers }: QueryAppDeps): Router {
  return Router().get('/api/health', async (_req, res) => {
    const [oldest, projections, jobs] = await Promise.all([
      oldestTransactionSeconds(pool),
      db
        .selectFrom('projection_live as l')
        .leftJoin('projection_checkpoints as c', (join) => join.onRef('c.projection', '=', 'l.projection').onRef('c.version', '=', 'l.version'))
        .select(['l.projection as name', 'l.version', 'c.position'])
        .orderBy('l.projection')
        .execute(),
      repeatingJobs({ pool, schedulers }),
    ]);
    const stalled = oldest !== null && oldest > STALL_WARNING_SECONDS;
    const jobsBehind = jobs.some((job) => !job.scheduled || job.overdue);
    const body: HealthResponse = {
      success: true,
      status: stalled || jobsBehind ? 'degraded' : 'ok',
      oldestTransactionSeconds: oldest,
      projections: projections.map((p) => ({ name: p.name, version: p.version, position: p.position ?? null })),
      jobs: jobs.map((job) => ({ name: job.name, scheduled: job.scheduled, lastRunAt: job.lastRunAt?.toISOString() ?? null, overdue: job.overdue })),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
}
