import type { Request, Response } from 'express';
import { z } from 'zod';
import { bookingAggregate, bookingStream, DomainError } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { requireOwnBooking, signedInCustomer } from './ownership';

const cancelParams = z.object({ id: z.uuid('ожидался идентификатор бронирования') });
/** The spec's client may name the table a booking row came from; there is one here, so it is read and let be. */
const cancelQuery = z.object({ table: z.string().max(50).optional() });

/**
 * PUT /api/bookings/{id}/cancel (customer-booking §4 «Cancel»): the signed-in owner cancels a
 * booking of one date at least the notice ahead, as the booking's decider rules. Only the
 * cancellation is written here; the booking-cancellation process in the workers frees the cells
 * and refunds what was paid.
 */
export async function cancelBooking(deps: CommandApiDeps, req: Request, res: Response): Promise<{ position: string | null }> {
  const customer = await signedInCustomer(deps, req, res);
  const { id: bookingId } = parseInput(cancelParams, req.params);
  parseInput(cancelQuery, req.query);
  const { state } = await deps.commands.read(bookingAggregate, bookingStream(bookingId));
  if (!state.booking) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено', 'bookingId');
  requireOwnBooking(customer, state.booking.customer);
  const context = commandContext(res);
  const result = await deps.commands.handle(
    bookingAggregate,
    { type: 'CancelBooking', data: { bookingId, reason: 'customer', requestedBy: context.actor!, now: deps.clock.now() } },
    context,
  );
  return { position: result.position };
}
