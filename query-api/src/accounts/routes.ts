import { Router } from 'express';
import type { AuthAnswer } from '@studio/domain';
import { notSignedIn, requireSessionCustomer } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';

/**
 * GET /api/auth/me: the customer whose session the cookie carries. Right after registering, the
 * register answer's position (X-Read-Position) makes this wait until the account is shown.
 */
export function accountsRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  return Router().get(
    '/api/auth/me',
    jsonRoute(waiter, {
      projection: 'accounts',
      noStore: true,
      parse: (req) => req,
      answer: async (req): Promise<AuthAnswer> => {
        const customerId = await requireSessionCustomer(pool, req);
        const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
        if (!customer) throw notSignedIn();
        const { id, name, surname, email, phone, created_at } = customer;
        return { success: true, user: { id, name, surname, email, phone, created_at: created_at.toISOString() } };
      },
    }),
  );
}
