import { studioDayAggregate, studioDayEventSchemas, studioDayStream, type StudioDayEvent } from '@studio/domain';
import { defineProcess, followHallRelease } from '@studio/platform';

type Freed = Extract<StudioDayEvent, { type: 'HoldReleased' | 'BookingReleased' }>;

/**
 * A booking's photographer and shared equipment follow its hall (docs/photographers.md): whatever
 * gave hall cells back (a hold's expiry or the sweep, a cancellation, a delete, a refund, a move,
 * an undone checkout) frees the same hours of the booking's resources.
 */
export const resourceTimeRelease = () =>
  defineProcess<Freed>({
    name: 'resource-time-release',
    reactsTo: { HoldReleased: studioDayEventSchemas.HoldReleased, BookingReleased: studioDayEventSchemas.BookingReleased },
    async handle(event, { commands, context }) {
      const { studio, date, cells } = event.data;
      let bookingId: string | undefined;
      if (event.type === 'BookingReleased') bookingId = event.data.bookingId;
      else bookingId = (await commands.read(studioDayAggregate, studioDayStream(studio, date))).state.holds[event.data.holdId]?.bookingId;
      if (bookingId) await followHallRelease(commands, { studio, date, cells, bookingId }, context);
    },
  });
