import { Router } from 'express';
import { z } from 'zod';
import { DomainError, userBookingsResponseSchema } from '@studio/domain';
import { notSignedIn, parseInput, requireSessionCustomer } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { userBookings } from './queries';

const userParams = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор пользователя') });

/** GET /api/users/{id}/bookings: the signed-in customer's own bookings (401 without a session, 403 for another's). */
export function bookingsRoutes({ db, pool, waiter, clock }: QueryAppDeps): Router {
  return Router().get(
    '/api/users/:id/bookings',
    jsonRoute(waiter, userBookingsResponseSchema)({
      // The bookings, and the account they are matched to (a customer who has just registered).
      projection: ['bookings', 'accounts'],
      noStore: true,
      parse: (req) => ({ req, id: parseInput(userParams, req.params).id }),
      answer: async ({ req, id }) => {
        const customerId = await requireSessionCustomer(pool, req);
        if (id !== customerId) throw new DomainError('forbidden', 'not_your_account', 'Нельзя смотреть чужие бронирования');
        const customer = await db.selectFrom('customers').select(['id', 'phone', 'phone_verified']).where('id', '=', customerId).executeTakeFirst();
        if (!customer) throw notSignedIn();
        return userBookings(db, customer, clock.now());
      },
    }),
  );
}
