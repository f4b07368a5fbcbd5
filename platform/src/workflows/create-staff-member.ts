import { DomainError, staffLoginClaimAggregate, staffMemberAggregate, staffMemberStream, superRosterAggregate, type StaffMember, type StaffRole } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { hashPassword } from '../passwords/password-hashing';

export interface NewStaffMember {
  staffId: string;
  name: string;
  /** As stored: trimmed, lower case (staffLoginSchema). */
  login: string;
  password: string;
  role: StaffRole;
}

/**
 * Creates a staff member: its login claimed first, so a login that belongs to someone else is
 * refused before anything else is written and two members never show one login; then the member;
 * then, for a super, its place on the super roster. Safe to run again for the same id (a crash
 * between the writes is finished by the next run).
 */
export async function createStaffMember(commands: CommandHandler, member: NewStaffMember, context: CommandContext, now: Date): Promise<{ member: StaffMember; position: string | null }> {
  const { staffId, login, password, ...profile } = member;
  await commands.handle(staffLoginClaimAggregate, { type: 'ClaimStaffLogin', data: { login, staffId } }, context);
  const stream = staffMemberStream(staffId);
  if ((await commands.read(staffMemberAggregate, stream)).position === null) {
    const passwordHash = await hashPassword(password);
    try {
      await commands.handle(staffMemberAggregate, { type: 'CreateStaffMember', data: { staffId, login, passwordHash, ...profile, now } }, context);
    } catch (error) {
      // Another run created this very member meanwhile.
      if (!(error instanceof DomainError && error.code === 'staff_exists')) throw error;
    }
  }
  if (member.role === 'super') await commands.handle(superRosterAggregate, { type: 'EnrolSuper', data: { staffId } }, context);
  // Where the member's own stream stands: what the staff read model must have read to show it.
  const { state, position } = await commands.read(staffMemberAggregate, stream);
  return { member: state.member!, position };
}
