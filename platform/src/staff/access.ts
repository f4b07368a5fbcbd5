import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { DomainError, staffRoleAllows, type StaffAccess, type StaffRole } from '@studio/domain';
import { customerSessions } from '../sessions/sessions';
import { defineSessionStore } from '../sessions/session-store';

const STAFF_SESSIONS_TABLE = 'staff_sessions';
export const STAFF_SESSION_COOKIE = 'staff_session';

/**
 * Staff sessions: their own table and cookie, so a customer's session is never a staff one.
 * SameSite=Strict, where a customer's is Lax: nothing ever brings staff to the back-office by a
 * navigation from another site that must arrive signed in (no payment provider returns there), so
 * the cookie is never sent with a request another site starts. The back-office asks the API for
 * its data from its own page, which is same-site, so a link from elsewhere still works once the
 * page has loaded. A shift lasts; a week is enough to stay signed in between shifts.
 */
export const staffSessions = defineSessionStore({ table: STAFF_SESSIONS_TABLE, cookie: STAFF_SESSION_COOKIE, subjectColumn: 'staff_id', withRole: true, sameSite: 'strict', days: 7 });

export interface StaffCaller {
  staffId: string;
  role: StaffRole;
}

/** The staff member whose live session the request carries, with the role that session was opened with; null for anyone else. */
export async function staffSessionOf(pool: pg.Pool, req: IncomingMessage): Promise<StaffCaller | null> {
  const session = await staffSessions.sessionOf(pool, req);
  return session ? { staffId: session.subjectId, role: session.role as StaffRole } : null;
}

export const STAFF_FORBIDDEN = 'Недостаточно прав';
export const staffNotSignedIn = () => new DomainError('unauthorized', 'not_signed_in_staff', 'Войдите как администратор');

/**
 * The calling staff member, allowed what needs `role` (admin unless given; super may do
 * everything, finance only the finance journal, and every member what needs `staff`). 401 for a caller with no staff session: it has not said who it is, and logging in
 * as staff is the way on. 403 for a role the call is not for, and for a signed-in
 * customer: that caller is known and is simply not allowed, and a 401 would tell the site to ask a
 * customer for a login they do not have.
 */
export async function requireStaff(pool: pg.Pool, req: IncomingMessage, role: StaffAccess = 'admin'): Promise<StaffCaller> {
  const staff = await staffSessionOf(pool, req);
  if (staff) {
    if (!staffRoleAllows(staff.role, role)) throw new DomainError('forbidden', 'forbidden', STAFF_FORBIDDEN);
    return staff;
  }
  if (await customerSessions.sessionOf(pool, req)) throw new DomainError('forbidden', 'forbidden', STAFF_FORBIDDEN);
  throw staffNotSignedIn();
}

/** Who the event metadata names as the author of a staff member's write. */
export const staffActor = (staffId: string) => `staff:${staffId}`;
