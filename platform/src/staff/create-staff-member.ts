import { DomainError, LOGIN_TAKEN_MESSAGE, staffLoginClaimAggregate, staffLoginStream, staffMemberAggregate, staffMemberStream, type StaffRole } from '@studio/domain';
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
 * Creates a staff member and claims its login for it. Safe to run again for the same id (a crash
 * between the two writes is finished by the next run); a login that belongs to someone else is
 * refused before anything is written.
 */
export async function createStaffMember(commands: CommandHandler, member: NewStaffMember, context: CommandContext, now: Date): Promise<{ position: string | null }> {
  const { staffId, login, password, ...profile } = member;
  const owner = (await commands.read(staffLoginClaimAggregate, staffLoginStream(login))).state.staffId;
  if (owner !== null && owner !== staffId) throw new DomainError('conflict', 'login_taken', LOGIN_TAKEN_MESSAGE, 'login');
  if (!(await commands.read(staffMemberAggregate, staffMemberStream(staffId))).state.member) {
    const passwordHash = await hashPassword(password);
    try {
      await commands.handle(staffMemberAggregate, { type: 'CreateStaffMember', data: { staffId, login, passwordHash, ...profile, now } }, context);
    } catch (error) {
      // Another run created this very member meanwhile; its claim below is the same claim.
      if (!(error instanceof DomainError && error.code === 'staff_exists')) throw error;
    }
  }
  const claimed = await commands.handle(staffLoginClaimAggregate, { type: 'ClaimStaffLogin', data: { login, staffId } }, context);
  return { position: claimed.position };
}
