import { promoAggregate, studioDayAggregate, type BookingBlock, type BookingPlaced, type Studio } from '@studio/domain';
import type { CommandContext, CommandHandler } from '@studio/platform';

/*
 * What a booking that will not happen gives back, shared by the processes that end one (a failed
 * or late payment, a cancellation). Each command appends nothing when repeated, so all are safe
 * to run again after a crash.
 */

/** ReleaseHold appends nothing for a hold already released or confirmed. */
export async function releaseHolds(commands: CommandHandler, studio: Studio, blocks: readonly BookingBlock[], context: CommandContext) {
  for (const { date, holdId } of blocks) {
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date, holdId, reason: 'cancelled' } }, context);
  }
}

/** ReleaseBooking appends nothing for a day where the booking has no cells (left, or never booked). */
export async function releaseBooked(
  commands: CommandHandler,
  studio: Studio,
  bookingId: string,
  blocks: readonly BookingBlock[],
  context: CommandContext,
  reason: 'cancelled' | 'deleted' | 'compensation' = 'compensation',
) {
  for (const { date } of blocks) {
    await commands.handle(studioDayAggregate, { type: 'ReleaseBooking', data: { studio, date, bookingId, reason } }, context);
  }
}

/** ReturnPromoCodeUse appends nothing for a use already given back. */
export async function giveBackPromo(commands: CommandHandler, booking: Pick<BookingPlaced, 'bookingId' | 'promoCode'>, context: CommandContext) {
  if (booking.promoCode) await commands.handle(promoAggregate, { type: 'ReturnPromoCodeUse', data: { code: booking.promoCode, bookingId: booking.bookingId } }, context);
}
