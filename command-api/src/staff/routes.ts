import { Router, type RequestHandler } from 'express';
import { DomainError, staffLoginClaimAggregate, staffLoginStream, staffMemberAggregate, staffMemberStream, type StaffAnswer, type StaffMember } from '@studio/domain';
import { parseInput, staffSessions, verifyPassword } from '@studio/platform';
import { LOGIN_REFUSAL } from '../accounts/login-rate-limit';
import type { CommandApiDeps } from '../http/app';
import { requestClientOf, takeOrRefuse } from '../http/rate-limit';
import { staffLoginRequestSchema } from './schemas';

const adminOf = (member: StaffMember): StaffAnswer['admin'] => ({ id: member.id, name: member.name, login: member.login, rules: member.role });

/** One answer for an unknown login and a wrong password, so the answer does not tell which logins exist. */
const invalidCredentials = () => new DomainError('unauthorized', 'invalid_credentials', 'Неверный логин или пароль');

/** POST /api/admin/login and /api/admin/logout (admin-backoffice §7 Authentication). */
export function createStaffRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands, pool, staffLoginLimiters } = deps;

  /**
   * The member a login belongs to, as its streams say now, with the position of its last event:
   * none for a deleted member, nor for a login its member is only moving to or away from (a
   * change of login writes the claim and the member one after the other).
   */
  async function memberOf(login: string) {
    const { staffId } = (await commands.read(staffLoginClaimAggregate, staffLoginStream(login))).state;
    if (!staffId) return null;
    const { state, position } = await commands.read(staffMemberAggregate, staffMemberStream(staffId));
    return state.member?.login === login ? { member: state.member, position } : null;
  }

  return Router()
    .post('/admin/login', ...guards, async (req, res) => {
      const { login, password } = parseInput(staffLoginRequestSchema, req.body);
      // Before the hashing, which is the cost a guesser would make us pay.
      await takeOrRefuse(staffLoginLimiters.perIp, requestClientOf(req), LOGIN_REFUSAL);
      await takeOrRefuse(staffLoginLimiters.perLogin, login, LOGIN_REFUSAL);
      const found = await memberOf(login);
      const matches = await verifyPassword(found?.member.passwordHash ?? null, password);
      if (!found || !matches) throw invalidCredentials();
      await staffSessions.open(pool, found.member.id, req, res, found.member.role);
      const answer: StaffAnswer = { success: true, admin: adminOf(found.member) };
      res.json({ ...answer, position: found.position });
    })
    .post('/admin/logout', ...guards, async (req, res) => {
      await staffSessions.close(pool, req, res);
      res.json({ success: true });
    });
}
