import { Router } from 'express';
import { authAnswerSchema, DomainError } from '@studio/domain';
import { requireSessionCustomer } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';

/**
 * GET /api/auth/me: the customer whose session the cookie carries. Right after registering, the
 * register answer's position (X-Read-Position) makes this wait until the account is shown.
 */
export function accountsRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  return Router().get(
    '/api/auth/me',
    jsonRoute(waiter, authAnswerSchema)({
      projection: 'accounts',
      noStore: true,
      parse: (req) => req,
      answer: async (req) => {
        const customerId = await requireSessionCustomer(pool, req);
        const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
        // A live session is only ever given to a registered customer: no row yet means the accounts
        // read model is behind (past the read-your-writes wait on a loaded machine), not a stranger.
        // A 401 would make the site forget a customer who has just registered; a 503 is asked again.
        if (!customer) throw new DomainError('unavailable', 'account_not_ready', 'Аккаунт ещё не готов. Повторите через несколько секунд.');
        const { id, name, surname, email, phone, created_at, phone_verified } = customer;
        return { success: true, user: { id, name, surname, email, phone, created_at: created_at.toISOString(), phone_verified } };
      },
    }),
  );
}
