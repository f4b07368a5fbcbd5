import { Router } from 'express';
import { statisticsAnswerSchema, statisticsQuerySchema } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { statisticsOf } from './queries';

/**
 * The statistics tab (docs/statistics.md#what-it-does, docs/statistics.md#calls-and-who-may-make-them), for super administrators only, like the rest of
 * the studio's money: GET /api/admin/statistics?studio&start&end&daily=1, one studio a call.
 */
export function statisticsRoutes({ pool, waiter }: QueryAppDeps): Router {
  return Router().get(
    '/api/admin/statistics',
    staffOnly(pool, 'super'),
    jsonRoute(waiter, statisticsAnswerSchema)({
      projection: 'statistics',
      noStore: true,
      parse: (req) => parseInput(statisticsQuerySchema, req.query),
      answer: (query) => statisticsOf(pool, query),
    }),
  );
}
