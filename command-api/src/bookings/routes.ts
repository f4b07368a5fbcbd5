import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { cancelBookingRequestSchema, checkoutAnswerSchema, cancelBookingAnswerSchema, IDEMPOTENCY_KEY_HEADER, kopecksToRoubles, staffCreateBookingAnswerSchema, staffCreateBookingRequestSchema, STUDIOS, type Studio } from '@studio/domain';
import { cancelOwnBooking, checkout, createStaffBooking, issueVisitor, parseInput, type CheckoutOrder } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { signedInCustomerOf, signedInStaffOf, staffGuard } from '../http/context';
import { writeRoute } from '../http/write-route';
import { limitHolds } from '../calendar/hold-rate-limit';
import { idempotencyKeySchema } from '../calendar/schemas';
import { signedInCustomer } from './ownership';
import { bookingIntentRequestSchema, type BookingIntentRequest } from './schemas';

const cancelParams = z.object({ id: z.uuid('ожидался идентификатор бронирования') });
/** The spec's client may name the table a booking row came from; there is one here, so it is read and let be. */
const cancelQuery = z.object({ table: z.string().max(50).optional() });

/** The booking page's body as the checkout takes it: the format's two spellings read as one, the shown price in kopecks. */
const orderOf = (body: BookingIntentRequest): CheckoutOrder => {
  const photographerId = body.format.photographer_id == null ? undefined : String(body.format.photographer_id);
  return {
    studio: body.studio,
    timeSlots: body.timeSlots,
    format: { kind: body.format.shooting_format ?? body.format.format ?? 'self', ...(photographerId ? { photographerId } : {}), peopleCount: body.format.people_count ?? 1 },
    serviceIds: body.services.map((service) => String(typeof service === 'object' ? service.id : service)),
    promoCode: body.promoCode ?? null,
    shownTotal: Math.round(body.totalPrice * 100),
    contact: { ...body.contact, comment: body.contact.comment || (body.comment ?? '') },
    prepayPercent: body.prepayPercent,
    waitlistOffer: body.waitlistOffer ?? null,
  };
};

export function bookingsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  /** POST /bookings, studio-prefixed (the plain /api/bookings is pochta's): staff create a booking in the back-office. */
  const staffCreate = (studio: Studio) =>
    writeRoute(deps, {
      answer: staffCreateBookingAnswerSchema,
      status: 201,
      parse: (req, res) => ({
        request: parseInput(staffCreateBookingRequestSchema, req.body),
        key: parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER),
        staffId: signedInStaffOf(res),
      }),
      run: ({ request, key, staffId }, { context }) => createStaffBooking(deps, studio, request, staffId, key, context),
      present: ({ booking, payment }, { request }) => {
        const url = payment?.confirmationUrl ?? null;
        return {
          booking: {
            id: booking.bookingId,
            group_id: booking.groupId ?? null,
            studio: booking.studio,
            date: request.date,
            time_start: request.time_start,
            time_end: request.time_end,
            is_technical: booking.technical,
            total_price: kopecksToRoubles(booking.price.total),
            payment_id: payment?.id ?? null,
            payment_status: payment?.status ?? null,
            confirmation_url: url,
          },
          payment_link: url,
          confirmationUrl: url,
          payment,
        };
      },
    });
  const staffOnly = staffGuard(deps.pool, 'admin');
  const router = Router().post('/bookings', staffOnly, ...guards, staffCreate('pochta'));
  // One path per studio, so another POST /{something}/bookings is not taken for a staff call.
  for (const studio of STUDIOS) router.post(`/${studio}/bookings`, staffOnly, ...guards, staffCreate(studio));
  return router
    .post(
      '/bookings/intent',
      ...guards,
      // A checkout holds cells as /holds does, and counts against the same limit: every attempt, refused ones too.
      limitHolds(deps.holdLimiter),
      writeRoute(deps, {
        answer: checkoutAnswerSchema,
        status: 201,
        parse: (req, res) => ({
          order: orderOf(parseInput(bookingIntentRequestSchema, req.body)),
          key: parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER),
          buyer: { visitor: issueVisitor(req, res), customerId: signedInCustomerOf(res) },
        }),
        run: ({ order, key, buyer }, { context }) => checkout(deps, order, buyer, key, context),
        present: ({ intentId, confirmationUrl }) => ({ intentId, confirmationUrl }),
      }),
    )
    .put(
      '/bookings/:id/cancel',
      ...guards,
      writeRoute(deps, {
        answer: cancelBookingAnswerSchema,
        // The caller first (401 without a session), then what it names.
        parse: async (req, res) => {
          const customer = await signedInCustomer(deps, req, res);
          const { id } = parseInput(cancelParams, req.params);
          parseInput(cancelQuery, req.query);
          const { expected_refund: expectedRefund } = parseInput(cancelBookingRequestSchema, req.body ?? {});
          return { customer, bookingId: id, expectedRefund };
        },
        run: ({ customer, bookingId, expectedRefund }, { context }) => cancelOwnBooking(deps.commands, customer, bookingId, context, deps.clock.now(), expectedRefund),
        // The change policy's quote (docs/change-policy.md); a repeat of a done cancellation emits none.
        present: (result) => {
          const canceled = result.events.find((event) => event.type === 'BookingCanceled');
          const data = canceled?.type === 'BookingCanceled' ? canceled.data : undefined;
          return { refund: data?.refund === undefined ? null : kopecksToRoubles(data.refund), kept: data?.kept === undefined ? null : kopecksToRoubles(data.kept) };
        },
      }),
    );
}
