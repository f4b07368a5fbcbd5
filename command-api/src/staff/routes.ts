import { Router, type RequestHandler } from 'express';
import { signedOutAnswerSchema, staffLoginAnswerSchema } from '@studio/domain';
import { authenticateStaff, parseInput, requestClientOf, staffSessions, takeOrRefuse } from '@studio/platform';
import { accountFromClient, LOGIN_REFUSAL } from '../accounts/login-rate-limit';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';
import { staffLoginRequestSchema } from './schemas';

/** POST /api/admin/login and /api/admin/logout (docs/staff.md#calls-and-who-may-make-them Authentication). */
export function staffRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands, pool, staffLoginLimiters } = deps;
  return Router()
    .post(
      '/admin/login',
      ...guards,
      writeRoute(deps, {
        answer: staffLoginAnswerSchema,
        parse: async (req) => {
          const credentials = parseInput(staffLoginRequestSchema, req.body);
          // Before the hashing, which is the cost a guesser would make us pay.
          const client = requestClientOf(req);
          await takeOrRefuse(staffLoginLimiters.perIp, client, LOGIN_REFUSAL);
          await takeOrRefuse(staffLoginLimiters.perLoginAndIp, accountFromClient(credentials.login, client), LOGIN_REFUSAL);
          await takeOrRefuse(staffLoginLimiters.perLogin, credentials.login, LOGIN_REFUSAL);
          return credentials;
        },
        run: async ({ login, password }, { req, res }) => {
          const signedIn = await authenticateStaff(commands, login, password);
          await staffSessions.open(pool, signedIn.member.id, req, res, signedIn.member.role);
          return signedIn;
        },
        present: ({ member }) => ({ admin: { id: member.id, name: member.name, login: member.login, rules: member.role } }),
      }),
    )
    .post(
      '/admin/logout',
      ...guards,
      writeRoute(deps, {
        answer: signedOutAnswerSchema,
        parse: () => undefined,
        run: (_input, { req, res }) => staffSessions.close(pool, req, res),
        present: () => ({}),
      }),
    );
}
