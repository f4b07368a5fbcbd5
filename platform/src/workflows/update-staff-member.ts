import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { staffLoginClaimAggregate, staffMemberAggregate, staffMemberStream, superRosterAggregate, type StaffMember, type StaffMemberCommand, type StaffRole } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { hashPassword } from '../passwords/password-hashing';
import { staffSessions } from '../staff/access';

export interface StaffMemberChange {
  staffId: string;
  /** The super making the change. */
  by: string;
  name: string;
  /** As stored: trimmed, lower case (staffLoginSchema). */
  login: string;
  role: StaffRole;
  /** A new password; absent, the member keeps its own. */
  password?: string | undefined;
}

/**
 * A super's edit of a member (PUT /api/admin/{id}), over the streams it touches, each written in
 * the order that leaves the others safe if the next write never comes:
 * - a super demoted is withdrawn from the super roster first (refused for the last one);
 * - a new login is claimed before the member takes it (refused when someone has it), and the old
 *   one released after;
 * - a member promoted is enrolled on the roster after its stream says so.
 * Its sessions end with a new password or a new role, the role being fixed when a session opens;
 * a super changing its own password keeps the session it does it in (`caller`).
 */
export async function updateStaffMember(
  commands: CommandHandler,
  pool: pg.Pool,
  change: StaffMemberChange,
  context: CommandContext,
  caller?: IncomingMessage,
): Promise<{ member: StaffMember; position: string | null }> {
  const { staffId, by, name, login, role, password } = change;
  const stream = staffMemberStream(staffId);
  const seen = await commands.read(staffMemberAggregate, stream);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const command: StaffMemberCommand = { type: 'UpdateStaffMember', data: { staffId, by, name, login, role, passwordHash, roleWas: seen.state.member?.role ?? role } };
  // Decided once on what was read, so the member's own refusals (unknown, demoting itself) come before any other stream is written.
  const planned = staffMemberAggregate.decider.decide(command, seen.state);
  const previous = seen.state.member!;
  const changes = new Set(planned.map((event) => event.type));
  if (changes.has('StaffMemberRoleChanged') && role !== 'super') await commands.handle(superRosterAggregate, { type: 'WithdrawSuper', data: { staffId } }, context);
  if (changes.has('StaffMemberLoginChanged')) await commands.handle(staffLoginClaimAggregate, { type: 'ClaimStaffLogin', data: { login, staffId } }, context);

  const result = await commands.handle(staffMemberAggregate, command, context);
  const done = new Set(result.events.map((event) => event.type));
  if (done.has('StaffMemberRoleChanged') && role === 'super') await commands.handle(superRosterAggregate, { type: 'EnrolSuper', data: { staffId } }, context);
  if (done.has('StaffMemberLoginChanged')) await commands.handle(staffLoginClaimAggregate, { type: 'ReleaseStaffLogin', data: { login: previous.login, staffId } }, context);
  if (done.has('StaffMemberPasswordChanged') || done.has('StaffMemberRoleChanged')) await staffSessions.revokeAll(pool, staffId, staffId === by ? caller : undefined);
  return { member: result.state.member!, position: result.position };
}
