import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { idSchema, staffCreateRequestSchema, staffDeleteAnswerSchema, staffUpdateRequestSchema, staffWriteAnswerSchema, type StaffMember, type StaffMemberRow } from '@studio/domain';
import { createStaffMember, deleteStaffMember, parseInput, updateStaffMember } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { signedInStaffOf } from '../http/context';
import { writeRoute } from '../http/write-route';

const rowOf = (member: StaffMember): StaffMemberRow => ({ id: member.id, name: member.name, login: member.login, rules: member.role, created_at: member.createdAt });

/** The member a path names; a malformed id is a 404 like an unknown one. */
const memberIdOf = (req: Request): string => parseInput(idSchema, req.params.id, 'id');

/**
 * The administrators tab's writes (docs/staff.md#calls-and-who-may-make-them «Clients and administrators»), for a super
 * only (the feature's guard): every event names the super as `staff:{id}`.
 */
export function adminsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands, pool, clock } = deps;
  return Router()
    .post(
      '/admin/admins',
      ...guards,
      writeRoute(deps, {
        answer: staffWriteAnswerSchema,
        status: 201,
        parse: (req) => parseInput(staffCreateRequestSchema, req.body),
        run: ({ name, login, password, rules }, { context }) => createStaffMember(commands, { staffId: randomUUID(), name, login, password, role: rules }, context, clock.now()),
        present: ({ member }) => ({ data: rowOf(member) }),
      }),
    )
    .put(
      '/admin/:id',
      ...guards,
      writeRoute(deps, {
        answer: staffWriteAnswerSchema,
        parse: (req, res) => {
          const staffId = memberIdOf(req);
          const { name, login, password, rules } = parseInput(staffUpdateRequestSchema, req.body);
          return { staffId, by: signedInStaffOf(res), name, login, role: rules, password };
        },
        run: (change, { context, req }) => updateStaffMember(commands, pool, change, context, req),
        present: ({ member }) => ({ data: rowOf(member) }),
      }),
    )
    .delete(
      '/admin/:id',
      ...guards,
      writeRoute(deps, {
        answer: staffDeleteAnswerSchema,
        parse: (req, res) => ({ staffId: memberIdOf(req), by: signedInStaffOf(res) }),
        run: (target, { context }) => deleteStaffMember(commands, pool, target, context, clock.now()),
        present: () => ({}),
      }),
    );
}
