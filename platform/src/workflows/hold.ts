import { studioDayAggregate, type ReleaseHoldJob, type StudioDayCommand, type StudioDayState } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';

export type HoldSlots = Extract<StudioDayCommand, { type: 'HoldSlots' }>['data'];

/** Where a hold's release at its expiry is scheduled (command-api's BullMQ queue; the workers run it). */
export interface HoldExpiry {
  /**
   * Schedules the hold's release; it fails at once when the queue is unreachable (an outage answers
   * 503). With `background`, only that check is waited for: the job itself is sent off the
   * answer's path, and one lost on the way is released by the workers' sweep past its expiry.
   */
  schedule(job: ReleaseHoldJob, expiresAt: Date, options?: { background?: boolean }): Promise<void>;
}

/**
 * Holds cells of one day and schedules the hold's release at its expiry. A hold nobody will ever
 * expire would block its cells for good: when the schedule fails, the hold is given back and the
 * failure goes on. A retry that finds the hold already confirmed or released schedules nothing.
 */
export async function placeHold(deps: { commands: CommandHandler; holdExpiry: HoldExpiry }, hold: HoldSlots, context: CommandContext) {
  // Decided on the day as this handler last saw it (a day is mostly held through one command-api); another writer makes the append fail and the hold is decided again on a fresh read.
  const result = await deps.commands.handle(studioDayAggregate, { type: 'HoldSlots', data: hold }, context, { optimistic: true });
  await scheduleRelease(deps, result, hold, context);
  return result;
}

/** Schedules the release of a hold just placed (or handed over) at its expiry; a failure gives the hold back and goes on. */
export async function scheduleRelease(
  deps: { commands: CommandHandler; holdExpiry: HoldExpiry },
  result: { state: StudioDayState },
  hold: Pick<HoldSlots, 'studio' | 'date' | 'holdId'>,
  context: CommandContext,
) {
  const placed = result.state.holds[hold.holdId];
  if (placed?.status !== 'held') return;
  const ref = { studio: hold.studio, date: hold.date, holdId: hold.holdId };
  try {
    await deps.holdExpiry.schedule({ ...ref, ...(context.correlationId ? { correlationId: context.correlationId } : {}) }, new Date(placed.expiresAt));
  } catch (error) {
    await deps.commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { ...ref, reason: 'compensation' } }, context);
    throw error;
  }
}
