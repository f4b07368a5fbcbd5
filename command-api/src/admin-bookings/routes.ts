import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  bookingAggregate,
  contiguousRanges,
  IDEMPOTENCY_KEY_HEADER,
  kopecksToRoubles,
  paymentIntentAggregate,
  paymentIntentStream,
  type BookingDeleteAnswer,
  type BookingNoteAnswer,
  type BookingRefundAnswer,
  type BookingTransferAnswer,
  type TransferRestPaidAnswer,
} from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { idempotencyKeySchema } from '../holds/schemas';
import { transferBooking } from './move';
import { refundableOf, refundBooking } from './refund';
import { noteRequestSchema, refundRequestSchema, transferRequestSchema, transferRestRequestSchema } from './schemas';
import { staffOnBooking } from './staff-booking';
import { markTransferRestPaid } from './transfer-rest';

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * Staff's commands on an existing booking (admin-backoffice §7 «Calendar and bookings»), for an
 * administrator or a super-administrator. Studio-prefixed paths (/api for pochta, /api/{studio}
 * otherwise) and the transfer's admin-prefixed one (/api/admin, /api/admin/{studio}) all lead to
 * the booking by its id; a prefix naming another studio than the booking's finds none.
 */
export function createAdminBookingsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();
  const studioPrefixed = (method: 'patch' | 'post' | 'delete', path: string, handler: Handler) => {
    router[method](path, ...guards, handler);
    router[method](`/:studio${path}`, ...guards, handler);
  };

  studioPrefixed('patch', '/bookings/:id/notes', async (req, res) => {
    const target = await staffOnBooking(deps, req, res);
    const { note } = parseInput(noteRequestSchema, req.body);
    const at = deps.clock.now().toISOString();
    const { staff } = target;
    const result = await deps.commands.handle(
      bookingAggregate,
      { type: 'AddBookingNote', data: { bookingId: target.bookingId, text: note, at, staffId: staff.id, staffName: staff.name } },
      target.context,
    );
    const answer: BookingNoteAnswer = { success: true, note: { text: note, date: at, adminName: staff.name }, position: result.position };
    res.json(answer);
  });

  studioPrefixed('delete', '/bookings/:id', async (req, res) => {
    const { bookingId, state, context } = await staffOnBooking(deps, req, res);
    const result = await deps.commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'staff', requestedBy: context.actor! } }, context);
    const { state: intent } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(state.booking.intentId));
    const refundable = Object.values(intent.payments).reduce((sum, payment) => sum + refundableOf(payment), 0);
    const answer: BookingDeleteAnswer = { success: true, message: 'Бронирование удалено', refundable: kopecksToRoubles(refundable), position: result.position };
    res.json(answer);
  });

  studioPrefixed('post', '/bookings/:id/refund', async (req, res) => {
    const target = await staffOnBooking(deps, req, res);
    const body = parseInput(refundRequestSchema, req.body ?? {});
    const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
    const { refund, position } = await refundBooking(deps, target, body, key);
    const answer: BookingRefundAnswer = { success: true, refund, position };
    res.json(answer);
  });

  studioPrefixed('post', '/bookings/:id/mark-transfer-rest-paid', async (req, res) => {
    const target = await staffOnBooking(deps, req, res);
    const body = parseInput(transferRestRequestSchema, req.body);
    const { paymentId, amount, position } = await markTransferRestPaid(deps, target, body?.amount);
    const answer: TransferRestPaidAnswer = { success: true, message: 'Оплата подтверждена', paymentId, amount, position };
    res.json(answer);
  });

  const transfer: Handler = async (req, res) => {
    const target = await staffOnBooking(deps, req, res);
    const { to, position } = await transferBooking(deps, target, parseInput(transferRequestSchema, req.body));
    const range = contiguousRanges(to.cells)[0]!;
    const answer: BookingTransferAnswer = {
      success: true,
      booking: { id: target.bookingId, date: to.date, time_start: range.start, time_end: range.end },
      position,
    };
    res.json(answer);
  };
  router.put('/admin/bookings/:id/transfer', ...guards, transfer);
  router.put('/admin/:studio/bookings/:id/transfer', ...guards, transfer);
  return router;
}
