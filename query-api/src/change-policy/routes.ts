import { Router } from 'express';
import { z } from 'zod';
import { changeOptionsAnswerSchema, changePolicyAnswerSchema, changePolicyQuerySchema } from '@studio/domain';
import { notSignedIn, parseInput, requireSessionCustomer } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';
import { changeOptions, studioPolicy } from './queries';

const bookingParams = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор бронирования') });

/**
 * The change policy's reads (docs/change-policy.md):
 * - GET /api/admin/policies?studio=: the studio's policy in force, super administrators only;
 * - GET /api/bookings/{id}/change-options: what the signed-in owner may do now (401 without a
 *   session, 403 for another's booking).
 */
export function changePolicyRoutes({ db, pool, waiter, clock }: QueryAppDeps): Router {
  return Router()
    .get(
      '/api/admin/policies',
      staffOnly(pool, 'super'),
      jsonRoute(waiter, changePolicyAnswerSchema)({
        projection: 'change-policy',
        parse: (req) => parseInput(changePolicyQuerySchema, req.query).studio,
        answer: async (studio) => ({ success: true, policy: await studioPolicy(db, studio) }),
      }),
    )
    .get(
      '/api/bookings/:id/change-options',
      jsonRoute(waiter, changeOptionsAnswerSchema)({
        // The booking and its money, its policy snapshot, and the account it is matched to.
        projection: ['bookings', 'change-policy', 'accounts'],
        noStore: true,
        parse: (req) => ({ req, id: parseInput(bookingParams, req.params).id }),
        answer: async ({ req, id }) => {
          const customerId = await requireSessionCustomer(pool, req);
          const account = await db.selectFrom('customers').select(['id', 'phone', 'phone_verified']).where('id', '=', customerId).executeTakeFirst();
          if (!account) throw notSignedIn();
          return { success: true, ...(await changeOptions(db, id, account, clock.now())) };
        },
      }),
    );
}
