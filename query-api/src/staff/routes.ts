import { Router } from 'express';
import type { StaffAnswer } from '@studio/domain';
import { staffNotSignedIn } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { signedInStaffOf, staffOnly } from '../http/staff-only';

/**
 * GET /api/admin/me: the staff member whose session the cookie carries, as the back-office keeps
 * it. The role is the one on the member's record, so the page shows what the server will allow.
 */
export function staffRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  return Router().get(
    '/api/admin/me',
    staffOnly(pool),
    jsonRoute(waiter, {
      projection: 'staff',
      noStore: true,
      parse: (_req, res) => signedInStaffOf(res).staffId,
      answer: async (staffId): Promise<StaffAnswer> => {
        const member = await db.selectFrom('staff_members').select(['id', 'name', 'login', 'role']).where('id', '=', staffId).executeTakeFirst();
        // Shown to nobody yet (the read model lags the bootstrap): as good as no session.
        if (!member) throw staffNotSignedIn();
        return { success: true, admin: { id: member.id, name: member.name, login: member.login, rules: member.role } };
      },
    }),
  );
}
