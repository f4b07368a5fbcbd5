import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  changePolicyRequestSchema,
  changePolicyView,
  changePolicyWriteAnswerSchema,
  kopecksToRoubles,
  rescheduleAnswerSchema,
  rescheduleQuoteAnswerSchema,
  rescheduleRequestSchema,
} from '@studio/domain';
import { parseInput, quoteOwnReschedule, rescheduleOwnBooking, setChangePolicy } from '@studio/platform';
import { signedInCustomer } from '../bookings/ownership';
import type { CommandApiDeps } from '../http/app';
import { signedInStaffOf } from '../http/context';
import { writeRoute } from '../http/write-route';

const bookingParams = z.object({ id: z.uuid('ожидался идентификатор бронирования') });

/** PUT /api/admin/policies (super only, the feature's guard): the studio's next policy version (docs/change-policy.md). */
export function changePolicyStaffRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router().put(
    '/admin/policies',
    ...guards,
    writeRoute(deps, {
      answer: changePolicyWriteAnswerSchema,
      parse: (req, res) => ({ body: parseInput(changePolicyRequestSchema, req.body), staffId: signedInStaffOf(res) }),
      run: ({ body, staffId }, { context }) =>
        setChangePolicy(
          deps.commands,
          staffId,
          {
            studio: body.studio,
            freeCancelHours: body.free_cancel_hours,
            lateCancelKeptPercent: body.late_cancel_kept_percent,
            freeRescheduleHours: body.free_reschedule_hours,
            maxReschedules: body.max_reschedules,
          },
          context,
        ),
      present: ({ policy }, { body }) => ({ policy: changePolicyView(body.studio, policy) }),
    }),
  );
}

/**
 * A customer's move of their own booking (docs/change-policy.md): POST /api/bookings/{id}/reschedule
 * and its quote, POST /api/bookings/{id}/reschedule/quote (nothing held, nothing written). The
 * session's customer first (401), then the body (400), then the booking (404, 403 for another's).
 */
export function changePolicyRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const parse = async (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => {
    const customer = await signedInCustomer(deps, req, res);
    const { id } = parseInput(bookingParams, req.params);
    const body = parseInput(rescheduleRequestSchema, req.body);
    return { customer, bookingId: id, range: { date: body.date, timeStart: body.time_start, timeEnd: body.time_end }, expectedDifference: body.expected_difference };
  };
  return Router()
    .post(
      '/bookings/:id/reschedule/quote',
      ...guards,
      async (req, res, next) => {
        try {
          const { customer, bookingId, range } = await parse(req, res);
          const quote = await quoteOwnReschedule(deps, customer, bookingId, range);
          res.json(rescheduleQuoteAnswerSchema.parse({ success: true, price: kopecksToRoubles(quote.price.total), difference: kopecksToRoubles(quote.charge - quote.refund) }));
        } catch (error) {
          next(error);
        }
      },
    )
    .post(
      '/bookings/:id/reschedule',
      ...guards,
      writeRoute(deps, {
        answer: rescheduleAnswerSchema,
        parse,
        run: ({ customer, bookingId, range, expectedDifference }, { context }) =>
          rescheduleOwnBooking(deps, customer, bookingId, range, context, expectedDifference === undefined ? undefined : Math.round(expectedDifference * 100)),
        present: ({ difference, confirmationUrl }) => ({ difference: kopecksToRoubles(difference), confirmationUrl }),
      }),
    );
}
