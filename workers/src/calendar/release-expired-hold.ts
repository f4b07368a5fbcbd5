import { UnrecoverableError, type Job } from 'bullmq';
import { bookingAggregate, bookingStream, HOLDS_QUEUE, isDomainError, releaseHoldJobSchema, studioDayAggregate } from '@studio/domain';
import { giveBackPromo, type CommandContext, type CommandHandler } from '@studio/platform';

/**
 * Releases a hold whose time ran out. The studio-day decider emits nothing for a hold that was
 * confirmed or already released, so a job that runs twice (or after a payment) is harmless.
 */
export async function releaseExpiredHold(deps: { commands: CommandHandler }, job: Pick<Job, 'id' | 'data'>) {
  const parsed = releaseHoldJobSchema.safeParse(job.data);
  // A malformed job stays malformed: retrying it would only delay the failure report.
  if (!parsed.success) throw new UnrecoverableError(`Malformed release-hold job ${job.id}: ${parsed.error.message}`);
  const { studio, date, holdId, correlationId } = parsed.data;
  const context = { ...(correlationId ? { correlationId } : {}), causationId: `job:${HOLDS_QUEUE}:${job.id ?? holdId}`, actor: 'system:hold-expiry' };
  try {
    const result = await deps.commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date, holdId, reason: 'expired' } }, context);
    const hold = result.state.holds[holdId];
    if (hold?.status === 'released') await givePromoBackOfUnpaid(deps.commands, hold.bookingId, context);
    return result;
  } catch (error) {
    // A domain refusal will not change on retry (e.g. the hold never existed): finish the job.
    if (isDomainError(error)) {
      console.warn(`[workers] release-hold ${holdId} refused: ${error.code}`);
      return null;
    }
    throw error;
  }
}

/**
 * A checkout that is never paid gives its promo use back when its hold lapses (issue 19), not an
 * hour later when the provider gives up on the payment. Checked on every run, not only the one that
 * released the hold, so a job retried after a failure here still returns the use; returning it
 * twice appends nothing. A payment arriving after the lapse finds the hold released and is refunded.
 */
async function givePromoBackOfUnpaid(commands: CommandHandler, bookingId: string, context: CommandContext) {
  const { state } = await commands.read(bookingAggregate, bookingStream(bookingId));
  if (state.booking && (state.status === 'pending' || state.status === 'canceled')) await giveBackPromo(commands, state.booking, context);
}
