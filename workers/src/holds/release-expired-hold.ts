import { UnrecoverableError, type Job } from 'bullmq';
import { HOLDS_QUEUE, isDomainError, releaseHoldJobSchema, studioDayAggregate } from '@studio/domain';
import type { CommandHandler } from '@studio/platform';

/**
 * Releases a hold whose time ran out. The studio-day decider emits nothing for a hold that was
 * confirmed or already released, so a job that runs twice (or after a payment) is harmless.
 */
export async function releaseExpiredHold(deps: { commands: CommandHandler }, job: Pick<Job, 'id' | 'data'>) {
  const parsed = releaseHoldJobSchema.safeParse(job.data);
  // A malformed job stays malformed: retrying it would only delay the failure report.
  if (!parsed.success) throw new UnrecoverableError(`Malformed release-hold job ${job.id}: ${parsed.error.message}`);
  const { studio, date, holdId, correlationId } = parsed.data;
  try {
    return await deps.commands.handle(
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
