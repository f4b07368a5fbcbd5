import { Router, type RequestHandler } from 'express';
import { IDEMPOTENCY_KEY_HEADER } from '@studio/domain';
import { issueVisitor, parseInput } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { idempotencyKeySchema } from '../holds/schemas';
import { cancelBooking } from './cancel';
import { checkout } from './checkout';
import { bookingIntentRequestSchema } from './schemas';

export function createBookingsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router()
    .post('/bookings/intent', ...guards, async (req, res) => {
      const request = parseInput(bookingIntentRequestSchema, req.body);
      const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
      const { intentId, confirmationUrl, position } = await checkout(deps, request, issueVisitor(req, res), key, commandContext(res));
      res.status(201).json({ success: true, intentId, confirmationUrl, position });
    })
    .put('/bookings/:id/cancel', ...guards, async (req, res) => {
      const { position } = await cancelBooking(deps, req, res);
      res.json({ success: true, position });
    });
}
