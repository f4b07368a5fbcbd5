import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { IDEMPOTENCY_KEY_HEADER, studioDayAggregate, type Studio, type StudioDayCommand } from '@studio/domain';
import { issueVisitor, parseInput, uuidFrom, type CommandContext } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandRoute } from '../http/command-route';
import { signedInCustomerOf } from '../http/context';
import { limitHolds } from './hold-rate-limit';
import { holdRequestSchema, idempotencyKeySchema, releaseHoldParamsSchema, releaseHoldQuerySchema } from './schemas';

type HoldRef = { studio: Studio; date: string; holdId: string };

export function createHoldsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const router = Router();
  const releaseHold = (hold: HoldRef, reason: 'cancelled' | 'compensation', context: CommandContext) =>
    deps.commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { ...hold, reason } }, context);

  /** A hold nobody will ever expire would block its cells for good: give them back instead. */
  async function scheduleOrCompensate(hold: HoldRef, context: CommandContext, expiresAt: Date) {
    try {
      await deps.holdExpiry.schedule({ ...hold, ...(context.correlationId ? { correlationId: context.correlationId } : {}) }, expiresAt);
    } catch (error) {
      await releaseHold(hold, 'compensation', context);
      throw error;
    }
  }

  router.post(
    '/holds',
    ...guards,
    limitHolds(deps.holdLimiter),
    commandRoute(deps.commands, studioDayAggregate, {
      status: 201,
      parse: (req, res) => {
        const body = parseInput(holdRequestSchema, req.body);
        const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
        // A retry (same client hold id, or same Idempotency-Key) must name the same hold and booking,
        // so the ledger recognises it and answers with the first hold instead of blocking the cells twice.
        const holdId = body.holdId ?? (key ? uuidFrom(`idempotency-key:${key}`) : randomUUID());
        return { ...body, holdId, bookingId: uuidFrom(`booking-of-hold:${holdId}`), visitor: issueVisitor(req, res), customerId: signedInCustomerOf(res) };
      },
      toCommand: ({ studio, date, cells, occupant, holdId, bookingId, visitor, customerId }): StudioDayCommand => ({
        type: 'HoldSlots',
        data: {
          studio,
          date,
          cells,
          holdId,
          bookingId,
          occupant: { ...occupant, visitor, ...(customerId ? { userId: customerId } : {}) },
          now: deps.clock.now(),
          holdMinutes: deps.holdMinutes,
        },
      }),
      after: async ({ studio, date, holdId }, { state }, context) => {
        const hold = state.holds[holdId];
        if (hold?.status === 'held') await scheduleOrCompensate({ studio, date, holdId }, context, new Date(hold.expiresAt));
      },
      present: ({ input: { holdId }, result: { state } }) => {
        const hold = state.holds[holdId]!;
        return { holdId, bookingId: hold.bookingId, expiresAt: hold.expiresAt };
      },
    }),
  );

  router.delete(
    '/holds/:holdId',
    ...guards,
    commandRoute(deps.commands, studioDayAggregate, {
      parse: (req) => ({ ...parseInput(releaseHoldParamsSchema, req.params), ...parseInput(releaseHoldQuerySchema, req.query) }),
      toCommand: (hold): StudioDayCommand => ({ type: 'ReleaseHold', data: { ...hold, reason: 'cancelled' } }),
      present: ({ result }) => ({ released: result.events.length > 0 }),
    }),
  );

  return router;
}
