import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, IDEMPOTENCY_KEY_HEADER, lineOfEntryId, WAITLIST_ENTRY_NOT_FOUND_MESSAGE, waitlistAggregate, waitlistJoinAnswerSchema, waitlistJoinRequestSchema, waitlistLeaveAnswerSchema } from '@studio/domain';
import { joinWaitlist, parseInput, uuidFrom } from '@studio/platform';
import { signedInCustomer } from '../bookings/ownership';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';
import { idempotencyKeySchema } from '../calendar/schemas';

const entryParams = z.object({ id: z.string().min(1).max(200) });

/**
 * The waitlist's writes (docs/waitlist.md), for signed-in customers only (401 otherwise):
 * - POST /api/waitlist {studio, date, time_start, time_end}: joins the line of a taken range;
 * - DELETE /api/waitlist/{id}: leaves it (an open offer of the entry passes to the next in line).
 */
export function waitlistRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const activeEntries = async (customerId: string) => {
    const { rows } = await deps.pool.query<{ n: string }>(`SELECT count(*) AS n FROM waitlist_entries WHERE customer_id = $1 AND status IN ('waiting', 'offered')`, [customerId]);
    return Number(rows[0]?.n ?? 0);
  };
  return Router()
    .post(
      '/waitlist',
      ...guards,
      writeRoute(deps, {
        answer: waitlistJoinAnswerSchema,
        status: 201,
        parse: async (req, res) => {
          const customer = await signedInCustomer(deps, req, res);
          const body = parseInput(waitlistJoinRequestSchema, req.body);
          const key = parseInput(idempotencyKeySchema, req.get(IDEMPOTENCY_KEY_HEADER), IDEMPOTENCY_KEY_HEADER);
          const line = { studio: body.studio, date: body.date, timeStart: body.time_start, timeEnd: body.time_end };
          return { line, customerId: customer.id, uuid: key ? uuidFrom(`waitlist:${customer.id}:${key}`) : randomUUID() };
        },
        run: (join, { context }) => joinWaitlist({ ...deps, activeEntries }, join, context),
        present: ({ entryId }) => ({ id: entryId }),
      }),
    )
    .delete(
      '/waitlist/:id',
      ...guards,
      writeRoute(deps, {
        answer: waitlistLeaveAnswerSchema,
        parse: async (req, res) => {
          const customer = await signedInCustomer(deps, req, res);
          const { id } = parseInput(entryParams, req.params);
          const line = lineOfEntryId(id);
          if (!line) throw new DomainError('not_found', 'waitlist_entry_not_found', WAITLIST_ENTRY_NOT_FOUND_MESSAGE, 'id');
          return { line, entryId: id, customerId: customer.id };
        },
        run: ({ line, entryId, customerId }, { decide }) => decide(waitlistAggregate, { type: 'LeaveWaitlist', data: { ...line, entryId, customerId } }),
        present: (result) => ({ left: result.events.length > 0 }),
      }),
    );
}
