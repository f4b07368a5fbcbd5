import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  bookingDeleteAnswerSchema,
  bookingNoteAnswerSchema,
  bookingRefundAnswerSchema,
  bookingTransferAnswerSchema,
  contiguousRanges,
  IDEMPOTENCY_KEY_HEADER,
  transferRestPaidAnswerSchema,
} from '@studio/domain';
import { addBookingNote, deleteBooking, markTransferRestPaid, moveBooking, parseInput, refundBooking, studioSegment, type StaffBookingCall } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { signedInStaffOf } from '../http/context';
import { writeRoute } from '../http/write-route';
import { idempotencyKeySchema } from '../calendar/schemas';
import {
  bookingParamsSchema,
  noteRequestSchema,
  parseOr,
  REFUND_AMOUNT_MESSAGE,
  REFUND_PAYMENT_MESSAGE,
  refundAmountSchema,
  refundPaymentIdSchema,
  refundRequestSchema,
  targetCells,
  TRANSFER_AMOUNT_MESSAGE,
  transferAmountSchema,
  transferRequestSchema,
  transferRestRequestSchema,
} from './staff-schemas';

/** The booking a staff call names by its path (its id, and its studio when studio-prefixed), and the member making it. */
function staffCall(req: Request, res: Response): StaffBookingCall {
  const staffId = signedInStaffOf(res);
  const { id: bookingId } = parseInput(bookingParamsSchema, req.params);
  return { bookingId, studio: req.params.studio === undefined ? undefined : studioSegment(req), staffId };
}

/**
 * Staff's commands on an existing booking (docs/admin-calendar.md#calls-and-who-may-make-them «Calendar and bookings»), for an
 * administrator or a super-administrator. Studio-prefixed paths (/api for pochta, /api/{studio}
 * otherwise) and the transfer's admin-prefixed one (/api/admin, /api/admin/{studio}) all lead to
 * the booking by its id; a prefix naming another studio than the booking's finds none.
 */
export function bookingsStaffRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands } = deps;
  const router = Router();
  const studioPrefixed = (method: 'patch' | 'post' | 'delete' | 'put', path: string, handler: RequestHandler) => {
    router[method](path, ...guards, handler);
    // The studio goes after the admin prefix when there is one: /api/admin/{studio}/bookings/…
    router[method](path.replace(/^(\/admin)?/, '$1/:studio'), ...guards, handler);
  };

  studioPrefixed(
    'patch',
    '/bookings/:id/notes',
    writeRoute(deps, {
      answer: bookingNoteAnswerSchema,
      parse: (req, res) => ({ call: staffCall(req, res), ...parseInput(noteRequestSchema, req.body) }),
      run: ({ call, note }, { context }) => addBookingNote(commands, call, note, context, deps.clock.now()),
      present: ({ note }) => ({ note }),
    }),
  );

  studioPrefixed(
    'delete',
    '/bookings/:id',
    writeRoute(deps, {
      answer: bookingDeleteAnswerSchema,
      parse: staffCall,
      run: (call, { context }) => deleteBooking(commands, call, context),
      present: ({ refundable }) => ({ message: 'Бронирование удалено', refundable }),
    }),
  );

  studioPrefixed(
    'post',
    '/bookings/:id/refund',
    writeRoute(deps, {
      answer: bookingRefundAnswerSchema,
      parse: (req, res) => {
        const call = staffCall(req, res);
        const body = parseInput(refundRequestSchema, req.body ?? {});
        const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
        // The spec's own texts, not the field-prefixed ones.
        const paymentId = parseOr(refundPaymentIdSchema, body.paymentId, { code: 'payment_required', message: REFUND_PAYMENT_MESSAGE, field: 'paymentId' });
        const amount = parseOr(refundAmountSchema, body.amount, { code: 'invalid_amount', message: REFUND_AMOUNT_MESSAGE, field: 'amount' });
        return { call, key, refund: { paymentId, amount, description: body.description || body.reason || undefined } };
      },
      run: ({ call, key, refund }, { context }) => refundBooking(deps, call, refund, key, context),
      present: ({ refund }) => ({ refund }),
    }),
  );

  studioPrefixed(
    'post',
    '/bookings/:id/mark-transfer-rest-paid',
    writeRoute(deps, {
      answer: transferRestPaidAnswerSchema,
      parse: (req, res) => {
        const call = staffCall(req, res);
        const given = parseInput(transferRestRequestSchema, req.body)?.amount;
        // Empty: the whole remainder.
        const amount = given === undefined || given === null || given === '' ? undefined : parseOr(transferAmountSchema, given, { code: 'invalid_amount', message: TRANSFER_AMOUNT_MESSAGE, field: 'amount' });
        const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
        return { call, amount, key };
      },
      run: ({ call, amount, key }, { context }) => markTransferRestPaid(commands, call, amount, key, context),
      present: ({ paymentId, amount }) => ({ message: 'Оплата подтверждена', paymentId, amount }),
    }),
  );

  studioPrefixed(
    'put',
    '/admin/bookings/:id/transfer',
    writeRoute(deps, {
      answer: bookingTransferAnswerSchema,
      parse: (req, res) => {
        const call = staffCall(req, res);
        const body = parseInput(transferRequestSchema, req.body);
        return { call, to: { date: body.newDate, cells: targetCells(body) } };
      },
      run: ({ call, to }, { context }) => moveBooking(commands, call, to, context),
      present: ({ to }, { call }) => {
        const range = contiguousRanges(to.cells)[0]!;
        return { booking: { id: call.bookingId, date: to.date, time_start: range.start, time_end: range.end } };
      },
    }),
  );
  return router;
}
