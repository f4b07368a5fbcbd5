import { promoAggregate, studioDayAggregate, type BookingPlaced, type StudioDayCommand, type Studio } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';

type ReasonOf<T extends StudioDayCommand['type']> = Extract<StudioDayCommand, { type: T }>['data'] extends { reason: infer R } ? R : never;

/** A booking's cells, day by day: a block names its hold while the booking still waits for its first payment. */
export interface CellsOfBooking {
  studio: Studio;
  bookingId: string;
  blocks: readonly { date: string; holdId?: string | undefined }[];
}

/**
 * Why the cells go back, as the day's history will say: `held` for the booking's holds, `booked`
 * for its booked cells. A kind left out is not touched.
 */
export interface ReleaseReasons {
  held?: ReasonOf<'ReleaseHold'>;
  booked?: ReasonOf<'ReleaseBooking'>;
}

/**
 * Gives a booking's cells back on each of its days: the one loop every flow that undoes a booking
 * (a failed checkout or staff booking, a failed or late payment, a cancellation, a move's old days)
 * goes through. Each command appends nothing when there is nothing left to free (a hold already
 * released or confirmed, a day where the booking has no cells), so a repeat after a crash is harmless.
 */
export async function releaseCells(commands: CommandHandler, { studio, bookingId, blocks }: CellsOfBooking, reasons: ReleaseReasons, context: CommandContext): Promise<void> {
  for (const { date, holdId } of blocks) {
    if (reasons.held && holdId) await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date, holdId, reason: reasons.held } }, context);
    if (reasons.booked) await commands.handle(studioDayAggregate, { type: 'ReleaseBooking', data: { studio, date, bookingId, reason: reasons.booked } }, context);
  }
}

/** The promo use a booking took, given back; ReturnPromoCodeUse appends nothing for a use already returned. */
export async function giveBackPromo(commands: CommandHandler, booking: Pick<BookingPlaced, 'bookingId' | 'promoCode'>, context: CommandContext): Promise<void> {
  if (booking.promoCode) await commands.handle(promoAggregate, { type: 'ReturnPromoCodeUse', data: { code: booking.promoCode, bookingId: booking.bookingId } }, context);
}
