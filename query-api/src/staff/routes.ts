import { Router } from 'express';
import { staffAnswerSchema, staffListAnswerSchema } from '@studio/domain';
import { staffNotSignedIn } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { signedInStaffOf, staffOnly } from '../http/staff-only';

/**
 * GET /api/admin/me: the staff member whose session the cookie carries, as the back-office keeps
 * it. The role is the one on the member's record, so the page shows what the server will allow.
 * GET /api/admin/admins: the administrators tab's list, for a super only, without any password.
 */
export function staffRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  const members = () => db.selectFrom('staff_members').where('deleted_at', 'is', null);
  return Router()
    .get(
      '/api/admin/me',
      // Every member, finance included: the panel asks it to know which tabs to show.
      staffOnly(pool, 'staff'),
      jsonRoute(waiter, staffAnswerSchema)({
        projection: 'staff',
        noStore: true,
        parse: (_req, res) => signedInStaffOf(res).staffId,
        answer: async (staffId) => {
          const member = await members().select(['id', 'name', 'login', 'role']).where('id', '=', staffId).executeTakeFirst();
          // Shown to nobody yet (the read model lags the bootstrap), or deleted: as good as no session.
          if (!member) throw staffNotSignedIn();
          return { success: true, admin: { id: member.id, name: member.name, login: member.login, rules: member.role } };
        },
      }),
    )
    .get(
      '/api/admin/admins',
      staffOnly(pool, 'super'),
      jsonRoute(waiter, staffListAnswerSchema)({
        projection: 'staff',
        noStore: true,
        parse: () => undefined,
        answer: async () => {
          const rows = await members().select(['id', 'name', 'login', 'role', 'created_at']).orderBy('created_at').orderBy('id').execute();
          return { success: true, data: rows.map((row) => ({ id: row.id, name: row.name, login: row.login, rules: row.role, created_at: row.created_at.toISOString() })) };
        },
      }),
    );
}
