import { DomainError, projectionOperationsAggregate, type RebuildProjectionJob } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';

/** Where an operator's rebuild goes for the projections process (command-api's BullMQ queue). */
export interface RebuildJobs {
  enqueue(job: RebuildProjectionJob): Promise<void>;
}

/** Who records that a queued rebuild never reached the queue: the request's own staff member did not fail it. */
const QUEUE_ACTOR = 'system:command-api';

/**
 * An operator's rebuild of a projection: the request recorded as the staff member's event (refused
 * while a rebuild of that projection runs), then the job queued for the projections process. A job
 * that never reaches the queue is recorded as failed, or the projection would stay «rebuilding»
 * with no job to end it.
 */
export async function requestProjectionRebuild(deps: { commands: CommandHandler; rebuilds: RebuildJobs }, request: Omit<RebuildProjectionJob, 'correlationId'>, context: CommandContext) {
  const result = await deps.commands.handle(projectionOperationsAggregate, { type: 'RequestProjectionRebuild', data: request }, context);
  try {
    await deps.rebuilds.enqueue({ ...request, ...(context.correlationId ? { correlationId: context.correlationId } : {}) });
  } catch (error) {
    const reason = `Не удалось поставить перестройку в очередь: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
    await deps.commands.handle(projectionOperationsAggregate, { type: 'RecordProjectionRebuildFailed', data: { ...request, reason } }, { ...context, actor: QUEUE_ACTOR });
    throw new DomainError('unavailable', 'queue_unavailable', 'Очередь задач недоступна, перестройка не начата. Попробуйте позже.');
  }
  return result;
}
