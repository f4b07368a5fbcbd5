import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { StaffRole } from '@studio/domain';
import { createCommandHandler, createStaffMember, STAFF_SESSION_COOKIE, staffSessions, type EventStore } from '@studio/platform';
import { postJson, type JsonAnswer } from './http';
import { testClock } from '@studio/platform/testing';

/** The `staff_session=…` pair of an answer's Set-Cookie, as a browser would send it back. */
export function staffCookieOf(res: JsonAnswer): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`no staff session cookie in an answer ${res.status}: ${JSON.stringify(res.body)}`);
  return cookie.split(';')[0]!;
}

export interface TestStaffMember {
  id: string;
  login: string;
  password: string;
  role: StaffRole;
  /** The headers of a request made in the member's session: `{ cookie: 'staff_session=…' }`. */
  headers: Record<string, string>;
}

/**
 * A new staff member of `role`, created through its aggregates, and a session of theirs: logged in
 * through POST /api/admin/login where a command-api runs (from an address of its own, so the login
 * limit per address is never the suite's), else opened straight in the sessions table.
 */
export async function staffMemberWithSession(
  stack: { store: EventStore; pool: pg.Pool; commandUrl: string | null },
  role: StaffRole,
  name = 'Ольга',
): Promise<TestStaffMember> {
  const id = randomUUID();
  const login = `staff-${randomBytes(5).toString('hex')}`;
  const password = `Пароль-${randomInt(0, 1e9)}`;
  await createStaffMember(createCommandHandler(stack.store), { staffId: id, name, login, password, role }, { actor: 'system:test' }, testClock.now());
  if (stack.commandUrl) {
    const ip = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const res = await postJson(stack.commandUrl, '/api/admin/login', { login, password }, 'POST', { 'x-forwarded-for': ip });
    return { id, login, password, role, headers: { cookie: staffCookieOf(res) } };
  }
  await staffSessions.ensureTable(stack.pool);
  const { token } = await staffSessions.issue(stack.pool, id, role);
  return { id, login, password, role, headers: { cookie: `${STAFF_SESSION_COOKIE}=${token}` } };
}
