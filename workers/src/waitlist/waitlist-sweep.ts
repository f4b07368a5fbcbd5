import { DEFAULT_WAITLIST_OFFER_MINUTES, tomskToday } from '@studio/domain';
import { endWaitlist, expireOffer, offerNext, type CommandContext } from '@studio/platform';
import type { WorkerDeps } from '../job-runtime';
import { linesPassed, linesWaiting, linesWithDueOffers } from './lines';

/** How often the sweep runs: an offer passes on at most this long after its expiry, well before the holds' sweep (30 s grace) would free it. */
export const WAITLIST_SWEEP_EVERY_MS = 10_000;
export const WAITLIST_SWEEP_SCHEDULER_ID = 'sweep-waitlist';
const WAITLIST_SWEEP_ACTOR = 'system:waitlist-sweep';

/**
 * Every run, by the workers' clock (docs/waitlist.md): offers past their expiry lapse and pass to
 * the next in line; lines whose range is free with nobody offered are offered (a join the
 * reaction missed, a restart); lines whose date passed end. One failing line does not stop the others.
 */
export async function sweepWaitlist(deps: WorkerDeps, jobId?: string) {
  const now = deps.clock.now();
  const today = tomskToday(now);
  const context: CommandContext = { causationId: `job:waitlist:${jobId ?? 'sweep'}`, actor: WAITLIST_SWEEP_ACTOR };
  const offerDeps = { commands: deps.commands, clock: deps.clock, offerMinutes: deps.waitlistOfferMinutes ?? DEFAULT_WAITLIST_OFFER_MINUTES };
  const counts = { expired: 0, offered: 0, ended: 0, failed: 0 };
  const each = async <T>(items: readonly T[], step: (item: T) => Promise<unknown>, count: keyof typeof counts) => {
    for (const item of items) {
      try {
        await step(item);
        counts[count] += 1;
      } catch (error) {
        counts.failed += 1;
        console.error(`[workers] waitlist sweep: ${count} failed for ${JSON.stringify(item)}`, error);
      }
    }
  };
  await each(await linesWithDueOffers(deps.pool, now), (line) => expireOffer(offerDeps, line, context), 'expired');
  await each(await linesWaiting(deps.pool, today), (line) => offerNext(offerDeps, line, context), 'offered');
  await each(await linesPassed(deps.pool, today), (line) => endWaitlist(deps, line, context), 'ended');
  return counts;
}
