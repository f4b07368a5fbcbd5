import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { holdReleaseAnswerSchema, holdResponseSchema, IDEMPOTENCY_KEY_HEADER, studioDayAggregate } from '@studio/domain';
import { issueVisitor, parseInput, placeHold, staffSessionOf, uuidFrom, visitorKeyOf } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { signedInCustomerOf } from '../http/context';
import { writeRoute } from '../http/write-route';
import { limitHolds } from './hold-rate-limit';
import { holdRequestSchema, idempotencyKeySchema, releaseHoldParamsSchema, releaseHoldQuerySchema } from './schemas';

export function calendarRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return Router()
    .post(
      '/holds',
      ...guards,
      limitHolds(deps.holdLimiter),
      writeRoute(deps, {
        answer: holdResponseSchema,
        status: 201,
        parse: (req, res) => {
          const body = parseInput(holdRequestSchema, req.body);
          const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
          // A retry (same client hold id, or same Idempotency-Key) must name the same hold and booking,
          // so the ledger recognises it and answers with the first hold instead of blocking the cells twice.
          const holdId = body.holdId ?? (key ? uuidFrom(`idempotency-key:${key}`) : randomUUID());
          return { ...body, holdId, bookingId: uuidFrom(`booking-of-hold:${holdId}`), visitor: issueVisitor(req, res), customerId: signedInCustomerOf(res) };
        },
        run: ({ studio, date, cells, occupant, holdId, bookingId, visitor, customerId }, { context }) =>
          placeHold(
            deps,
            {
              studio,
              date,
              cells,
              holdId,
              bookingId,
              occupant: { ...occupant, visitor, ...(customerId ? { userId: customerId } : {}) },
              now: deps.clock.now(),
              holdMinutes: deps.holdMinutes,
            },
            context,
          ),
        present: ({ state }, { holdId }) => {
          const hold = state.holds[holdId]!;
          return { holdId, bookingId: hold.bookingId, expiresAt: hold.expiresAt };
        },
      }),
    )
    .delete(
      '/holds/:holdId',
      ...guards,
      writeRoute(deps, {
        answer: holdReleaseAnswerSchema,
        parse: async (req, res) => {
          const hold = { ...parseInput(releaseHoldParamsSchema, req.params), ...parseInput(releaseHoldQuerySchema, req.query) };
          // Hold ids are no secret (a checkout's derive from its intent id): only the holder's browser or account, or staff, may let one go.
          if (await staffSessionOf(deps.pool, req)) return hold;
          return { ...hold, by: { visitor: visitorKeyOf(req), userId: signedInCustomerOf(res) ?? undefined } };
        },
        run: (hold, { decide }) => decide(studioDayAggregate, { type: 'ReleaseHold', data: { ...hold, reason: 'cancelled' } }),
        present: (result) => ({ released: result.events.length > 0 }),
      }),
    );
}
