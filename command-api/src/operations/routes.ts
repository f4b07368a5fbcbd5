import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { DomainError, projectionOperationsAggregate, rebuildParamsSchema, type ProjectionOperationCommand } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandRoute } from '../http/command-route';

/** Who records that a queued rebuild never reached the queue: the request's own staff member did not fail it. */
const QUEUE_ACTOR = 'system:command-api';

/**
 * The operators' console (super only): POST /api/admin/operations/projections/{name}/rebuild
 * records the request as the staff member's event (refused with 409 while a rebuild of that
 * projection runs) and queues the job the projections process runs; 202, since it runs on.
 */
export function createOperationsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().post(
    '/admin/operations/projections/:name/rebuild',
    ...guards,
    commandRoute(deps.commands, projectionOperationsAggregate, {
      status: 202,
      parse: (req) => ({ rebuildId: randomUUID(), projection: parseInput(rebuildParamsSchema, req.params).name }),
      toCommand: (data): ProjectionOperationCommand => ({ type: 'RequestProjectionRebuild', data }),
      after: async (request, _result, context) => {
        try {
          await deps.rebuilds.enqueue({ ...request, ...(context.correlationId ? { correlationId: context.correlationId } : {}) });
        } catch (error) {
          // Recorded, or the projection would stay «rebuilding» with no job to end it.
          const reason = `Не удалось поставить перестройку в очередь: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
          await deps.commands.handle(projectionOperationsAggregate, { type: 'RecordProjectionRebuildFailed', data: { ...request, reason } }, { ...context, actor: QUEUE_ACTOR });
          throw new DomainError('unavailable', 'queue_unavailable', 'Очередь задач недоступна, перестройка не начата. Попробуйте позже.');
        }
      },
      present: ({ input }) => ({ data: input }),
    }),
  );
}
