import { UnrecoverableError, type Job } from 'bullmq';
import { isDomainError, studioDayAggregate } from '@studio/domain';
import { createCommandHandler, type CommandHandler, type EventStore } from '@studio/platform';
import { HOLDS_QUEUE, releaseHoldJobSchema } from './release-hold-job';

/** One handler per store, so the worker's releases on a day share its cached state. */
const handlers = new WeakMap<EventStore, CommandHandler>();
function commandsFor(store: EventStore): CommandHandler {
  let commands = handlers.get(store);
  if (!commands) handlers.set(store, (commands = createCommandHandler(store)));
  return commands;
}

/**
 * Releases a hold whose time ran out. The studio-day decider emits nothing for a hold that was
 * confirmed or already released, so a job that runs twice (or after a payment) is harmless.
 */
export async function releaseExpiredHold(deps: { store: EventStore }, job: Pick<Job, 'id' | 'data'>) {
  const parsed = releaseHoldJobSchema.safeParse(job.data);
  // A malformed job stays malformed: retrying it would only delay the failure report.
  if (!parsed.success) throw new UnrecoverableError(`Malformed release-hold job ${job.id}: ${parsed.error.message}`);
  const { studio, date, holdId, correlationId } = parsed.data;
  try {
    return await commandsFor(deps.store).handle(
      studioDayAggregate,
      { type: 'ReleaseHold', data: { studio, date, holdId, reason: 'expired' } },
      { ...(correlationId ? { correlationId } : {}), causationId: `job:${HOLDS_QUEUE}:${job.id ?? holdId}`, actor: 'system:hold-expiry' },
    );
  } catch (error) {
    // A domain refusal will not change on retry (e.g. the hold never existed): finish the job.
    if (isDomainError(error)) {
      console.warn(`[workers] release-hold ${holdId} refused: ${error.code}`);
      return null;
    }
    throw error;
  }
}
