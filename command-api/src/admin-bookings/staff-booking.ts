import type { Request, Response } from 'express';
import { bookingAggregate, bookingStream, DomainError, staffMemberAggregate, staffMemberStream, type BookingState } from '@studio/domain';
import { parseInput, studioSegment, type CommandContext } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext, signedInStaffOf } from '../http/context';
import { bookingParamsSchema } from './schemas';

export interface StaffOnBooking {
  bookingId: string;
  /** The booking as its stream says now: placed (a missing one is a 404 before this is returned). */
  state: BookingState & { booking: NonNullable<BookingState['booking']> };
  staff: { id: string; name: string };
  context: CommandContext;
}

/**
 * The booking a staff call names, with the staff member making it. The path's studio, when the
 * call is studio-prefixed, must be the booking's: another studio's booking does not exist there.
 * The member's name comes from their own record, never from the body (the spec's adminName).
 */
export async function staffOnBooking(deps: CommandApiDeps, req: Request, res: Response): Promise<StaffOnBooking> {
  const staffId = signedInStaffOf(res);
  const { id: bookingId } = parseInput(bookingParamsSchema, req.params);
  const studio = req.params.studio === undefined ? undefined : studioSegment(req);
  const [{ state }, { state: staff }] = await Promise.all([
    deps.commands.read(bookingAggregate, bookingStream(bookingId)),
    deps.commands.read(staffMemberAggregate, staffMemberStream(staffId)),
  ]);
  const { booking } = state;
  if (!booking || (studio && booking.studio !== studio)) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
  if (!staff.member) throw new Error(`staff member ${staffId} has a session but no record`);
  return { bookingId, state: { ...state, booking }, staff: { id: staffId, name: staff.member.name }, context: commandContext(res) };
}
