import { Router } from 'express';
import type { OperationsAnswer } from '@studio/domain';
import type { QueryAppDeps } from '../app';
import { oldestTransactionSeconds } from '../health/routes';
import { staffOnly } from '../http/staff-only';
import { projectionsStatus } from './status';

/**
 * The operators' console (super only): GET /api/admin/operations/projections answers each
 * projection's versions, checkpoint, lag and state with its latest rebuild, the oldest open
 * transaction (the health check's figure) and the operator actions, newest first. It reads the
 * bookkeeping and the event store, never waiting on a projection: a stalled one must still show.
 */
export function operationsRoutes({ db, pool, events }: QueryAppDeps): Router {
  return Router().get('/api/admin/operations/projections', staffOnly(pool, 'super'), async (_req, res) => {
    const body: OperationsAnswer = { success: true, data: await projectionsStatus({ db, events, oldestTransactionSeconds: () => oldestTransactionSeconds(pool), now: new Date() }) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });
}
