import { bookingAggregate, bookingDecider, bookingNotPaid, DomainError, studioDayAggregate, studioDayStream, type StudioDayCommand } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { releaseCells } from './release-cells';
import { equipmentNeeds, giveBackResources, photographerNeed, takeResources } from './resource-time';
import { staffOnBooking, type StaffBookingCall } from './staff-on-booking';

const CELL_MINUTES = 30;

/**
 * Staff move a booking (docs/admin-calendar.md#rules «Transfer flow»): the booking's time becomes the one
 * range given; intervals of the booking not in it are given back (the spec deletes the ones the
 * transfer left out). On the target day one ledger decision takes the target and frees
 * the booking's other cells there, so a same-day move is atomic. Other days are freed after it:
 * the new cells are held before any old one is given back, and if freeing or recording fails every
 * day touched is put back as it was, so the booking never ends up with both times or with neither.
 */
export async function moveBooking(commands: CommandHandler, call: StaffBookingCall, to: { date: string; cells: string[] }, context: CommandContext) {
  const { bookingId, state, staff } = await staffOnBooking(commands, call);
  const { booking } = state;
  const booked = booking.blocks.reduce((sum, block) => sum + block.cells.length, 0);
  if (to.cells.length > booked) {
    throw new DomainError('validation', 'transfer_too_long', `Новый интервал длиннее бронирования: не больше ${booked * CELL_MINUTES} мин`, 'newTimeEnd');
  }
  const move = { type: 'MoveBooking' as const, data: { bookingId, to, staffName: staff.name } };
  // Refusals of the booking itself (cancelled, completed) before any cell is touched; a move to where it is changes nothing.
  if (bookingDecider.decide(move, state).length === 0) return { to, position: null };

  const { studio } = booking;
  // The ledger refuses a held booking on the target day; its other days are asked here, before anything moves.
  for (const { date } of booking.blocks) {
    const { state: day } = await commands.read(studioDayAggregate, studioDayStream(studio, date));
    if (Object.values(day.cells).some((cell) => cell.bookingId === bookingId && cell.state === 'held')) throw bookingNotPaid();
  }
  const occupant = { phone: booking.customer.phone, ...(booking.customer.userId ? { userId: booking.customer.userId } : {}) };
  const moveDay = (date: string, cells: string[]): StudioDayCommand => ({ type: 'MoveBooking', data: { studio, date, bookingId, cells, occupant, adminId: staff.id } });
  const onTarget = booking.blocks.find((block) => block.date === to.date);
  // The photographer's and shared equipment's new hours first (docs/photographers.md); the old ones follow the hall's release.
  const needs = [...photographerNeed(booking.format), ...(await equipmentNeeds(commands, booking.services.map((service) => service.serviceId)))];
  const taken = await takeResources(commands, { studio, bookingId, days: [to], needs }, context);
  try {
    await commands.handle(studioDayAggregate, moveDay(to.date, to.cells), context);
  } catch (error) {
    await giveBackResources(commands, bookingId, taken, context);
    throw error;
  }

  const others = booking.blocks.filter((block) => block.date !== to.date);
  try {
    await releaseCells(commands, { studio, bookingId, blocks: others }, { booked: 'moved' }, context);
    const recorded = await commands.handle(bookingAggregate, move, context);
    return { to, position: recorded.position };
  } catch (error) {
    // Every other day is booked again as it was: one never freed decides nothing new.
    const restore: StudioDayCommand[] = [
      onTarget ? moveDay(to.date, onTarget.cells) : { type: 'ReleaseBooking', data: { studio, date: to.date, bookingId, reason: 'compensation', cells: to.cells } },
      ...others.map((block) => moveDay(block.date, block.cells)),
    ];
    await giveBackResources(commands, bookingId, taken, context).catch((failure: unknown) => {
      console.error(`[command-api] could not give back the photographer's new hours of booking ${bookingId} after a failed transfer`, failure);
    });
    for (const command of restore) {
      await commands.handle(studioDayAggregate, command, context).catch((failure: unknown) => {
        console.error(`[command-api] could not put booking ${bookingId} back on ${command.data.date} after a failed transfer`, failure);
      });
    }
    // The photographer's old hours again, should the release process have freed them already.
    await takeResources(commands, { studio, bookingId, days: booking.blocks, needs }, context).catch((failure: unknown) => {
      console.error(`[command-api] could not give booking ${bookingId} its photographer's hours back after a failed transfer`, failure);
    });
    throw error;
  }
}
