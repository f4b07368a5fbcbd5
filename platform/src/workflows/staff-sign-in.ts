import { DomainError, staffLoginClaimAggregate, staffLoginStream, staffMemberAggregate, staffMemberStream, type StaffMember } from '@studio/domain';
import type { CommandHandler } from '../commands/handle-command';
import { verifyPassword } from '../passwords/password-hashing';

/** One answer for an unknown login and a wrong password, so the answer does not tell which logins exist. */
const invalidCredentials = () => new DomainError('unauthorized', 'invalid_credentials', 'Неверный логин или пароль');

/**
 * The staff member a login and password sign in as, as its streams say now, with the position of
 * its last event: none for a deleted member, nor for a login its member is only moving to or away
 * from (a change of login writes the claim and the member one after the other).
 */
export async function authenticateStaff(commands: CommandHandler, login: string, password: string): Promise<{ member: StaffMember; position: string | null }> {
  const { staffId } = (await commands.read(staffLoginClaimAggregate, staffLoginStream(login))).state;
  const seen = staffId ? await commands.read(staffMemberAggregate, staffMemberStream(staffId)) : null;
  const member = seen?.state.member?.login === login ? seen.state.member : null;
  // Hashed even for an unknown login, so the time taken does not tell either.
  const matches = await verifyPassword(member?.passwordHash ?? null, password);
  if (!member || !matches) throw invalidCredentials();
  return { member, position: seen!.position };
}
