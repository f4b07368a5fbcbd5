import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { rebuildAnswerSchema, rebuildParamsSchema } from '@studio/domain';
import { parseInput, requestProjectionRebuild } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';

/**
 * The operators' console (super only): POST /api/admin/operations/projections/{name}/rebuild
 * records the request as the staff member's event (refused with 409 while a rebuild of that
 * projection runs) and queues the job the projections process runs; 202, since it runs on.
 */
export function operationsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().post(
    '/admin/operations/projections/:name/rebuild',
    ...guards,
    writeRoute(deps, {
      answer: rebuildAnswerSchema,
      status: 202,
      parse: (req) => ({ rebuildId: randomUUID(), projection: parseInput(rebuildParamsSchema, req.params).name }),
      run: (request, { context }) => requestProjectionRebuild(deps, request, context),
      present: (_result, request) => ({ data: request }),
    }),
  );
}
