import { Router, type RequestHandler } from 'express';
import { IDEMPOTENCY_KEY_HEADER, staffCreateBookingRequestSchema, STUDIOS, type Studio } from '@studio/domain';
import { issueVisitor, parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext, signedInCustomerOf, signedInStaffOf, staffGuard } from '../http/context';
import { idempotencyKeySchema } from '../holds/schemas';
import { cancelBooking } from './cancel';
import { checkout } from './checkout';
import { bookingIntentRequestSchema } from './schemas';
import { createStaffBooking } from './staff-create';

export function createBookingsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  /** POST /bookings, studio-prefixed (the plain /api/bookings is pochta's): staff create a booking in the back-office. */
  const staffCreate =
    (studio: Studio): RequestHandler =>
    async (req, res) => {
      const request = parseInput(staffCreateBookingRequestSchema, req.body);
      const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
      res.status(201).json(await createStaffBooking(deps, studio, request, signedInStaffOf(res), key, commandContext(res)));
    };
  const staffOnly = staffGuard(deps.pool, 'admin');
  const router = Router().post('/bookings', staffOnly, ...guards, staffCreate('pochta'));
  // One path per studio, so another POST /{something}/bookings is not taken for a staff call.
  for (const studio of STUDIOS) router.post(`/${studio}/bookings`, staffOnly, ...guards, staffCreate(studio));
  return router
    .post('/bookings/intent', ...guards, async (req, res) => {
      const request = parseInput(bookingIntentRequestSchema, req.body);
      const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
      const buyer = { visitor: issueVisitor(req, res), customerId: signedInCustomerOf(res) };
      const { intentId, confirmationUrl, position } = await checkout(deps, request, buyer, key, commandContext(res));
      res.status(201).json({ success: true, intentId, confirmationUrl, position });
    })
    .put('/bookings/:id/cancel', ...guards, async (req, res) => {
      const { position } = await cancelBooking(deps, req, res);
      res.json({ success: true, position });
    });
}
