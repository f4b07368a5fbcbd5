import type pg from 'pg';
import { staffLoginClaimAggregate, staffMemberAggregate, staffMemberStream, superRosterAggregate, type StaffMemberCommand } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { staffSessions } from '../staff/access';

/**
 * A super deletes another member (DELETE /api/admin/{id}): a super is withdrawn from the super
 * roster first (refused for the last one), then the member is deleted, its login released for
 * someone else and every session of it ended.
 */
export async function deleteStaffMember(commands: CommandHandler, pool: pg.Pool, target: { staffId: string; by: string }, context: CommandContext, now: Date): Promise<{ position: string | null }> {
  const { staffId, by } = target;
  const seen = await commands.read(staffMemberAggregate, staffMemberStream(staffId));
  const command: StaffMemberCommand = { type: 'DeleteStaffMember', data: { staffId, by, roleWas: seen.state.member?.role ?? 'admin', now } };
  // Decided once on what was read, so the member's own refusals (unknown, itself) come before the roster is written.
  staffMemberAggregate.decider.decide(command, seen.state);
  if (seen.state.member!.role === 'super') await commands.handle(superRosterAggregate, { type: 'WithdrawSuper', data: { staffId } }, context);

  const result = await commands.handle(staffMemberAggregate, command, context);
  const deleted = result.events.find((event) => event.type === 'StaffMemberDeleted');
  if (deleted) await commands.handle(staffLoginClaimAggregate, { type: 'ReleaseStaffLogin', data: { login: deleted.data.login, staffId } }, context);
  await staffSessions.revokeAll(pool, staffId);
  return { position: result.position };
}
