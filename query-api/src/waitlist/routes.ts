import { Router } from 'express';
import { adminWaitlistAnswerSchema, adminWaitlistQuerySchema, tomskToday, waitlistAnswerSchema } from '@studio/domain';
import { parseInput, requireSessionCustomer } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { customerWaitlist, dayWaitlist } from './queries';

/**
 * The waitlist's reads (docs/waitlist.md):
 * - GET /api/waitlist: the signed-in customer's entries and offers (401 for a guest);
 * - GET /api/admin/waitlist?date: one day's lines with the customers' contact data, for staff.
 */
export function waitlistRoutes({ pool, waiter, clock }: QueryAppDeps): Router {
  return Router()
    .get(
      '/api/waitlist',
      jsonRoute(waiter, waitlistAnswerSchema)({
        projection: 'waitlist',
        noStore: true,
        parse: (req) => req,
        answer: async (req) => ({ success: true, entries: await customerWaitlist(pool, await requireSessionCustomer(pool, req), tomskToday(clock.now())) }),
      }),
    )
    .get(
      '/api/admin/waitlist',
      staffOnly(pool, 'admin'),
      jsonRoute(waiter, adminWaitlistAnswerSchema)({
        projection: ['waitlist', 'accounts'],
        noStore: true,
        parse: (req) => parseInput(adminWaitlistQuerySchema, req.query).date,
        answer: async (date) => ({ success: true, date, entries: await dayWaitlist(pool, date) }),
      }),
    );
}
