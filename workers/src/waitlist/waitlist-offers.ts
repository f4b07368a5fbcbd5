import { DEFAULT_WAITLIST_OFFER_MINUTES, studioDayEventSchemas, waitlistEventSchemas, type StudioDayEvent, type WaitlistEvent } from '@studio/domain';
import { defineProcess, offerNext } from '@studio/platform';
import type { ProcessDeps } from '../job-runtime';
import { linesOfDay } from './lines';

type Freed = Extract<StudioDayEvent, { type: 'HoldReleased' | 'BookingReleased' }> | Extract<WaitlistEvent, { type: 'WaitlistOfferLapsed' }>;

/**
 * The waitlist's reaction (docs/waitlist.md): cells freed on a studio-day (a hold released — a
 * lapsed checkout, a cancelled or expired hold — or a booking released by a cancellation, a
 * deletion or a move) are offered to the first in line of every line of that day whose whole range
 * is now free; an offer its customer declined (left the line) passes its cells to the next in line,
 * or frees them. Each step is a decider's decision on its stream, so a repeat appends nothing.
 */
export const waitlistOffers = (deps: ProcessDeps) => {
  const offerDeps = { commands: deps.commands, clock: deps.clock, offerMinutes: deps.waitlistOfferMinutes ?? DEFAULT_WAITLIST_OFFER_MINUTES };
  return defineProcess<Freed>({
    name: 'waitlist-offers',
    reactsTo: {
      HoldReleased: studioDayEventSchemas.HoldReleased,
      BookingReleased: studioDayEventSchemas.BookingReleased,
      WaitlistOfferLapsed: waitlistEventSchemas.WaitlistOfferLapsed,
    },
    async handle(event, { context }) {
      if (event.type === 'WaitlistOfferLapsed') {
        if (event.data.reason !== 'declined') return;
        const { studio, date, timeStart, timeEnd } = event.data;
        await offerNext(offerDeps, { studio, date, timeStart, timeEnd }, context, { holdId: event.data.holdId, reason: 'cancelled' });
        return;
      }
      for (const line of await linesOfDay(deps.pool, event.data.studio, event.data.date)) await offerNext(offerDeps, line, context);
    },
  });
};
