import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { idSchema, staffCreateRequestSchema, staffMemberAggregate, staffMemberStream, staffUpdateRequestSchema, type StaffDeleteAnswer, type StaffMember, type StaffMemberRow, type StaffWriteAnswer } from '@studio/domain';
import { createStaffMember, deleteStaffMember, parseInput, updateStaffMember } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext, signedInStaffOf } from '../http/context';

const rowOf = (member: StaffMember): StaffMemberRow => ({ id: member.id, name: member.name, login: member.login, rules: member.role, created_at: member.createdAt });

/** The member a path names; a malformed id is a 404 like an unknown one. */
const memberIdOf = (req: Request): string => parseInput(idSchema, req.params.id, 'id');

/**
 * The administrators tab's writes (admin-backoffice §7 «Clients and administrators»), for a super
 * only (the feature's guard): every event names the super as `staff:{id}`.
 */
export function createAdminsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands, pool, clock } = deps;
  return Router()
    .post('/admin/admins', ...guards, async (req, res) => {
      const { name, login, password, rules } = parseInput(staffCreateRequestSchema, req.body);
      const staffId = randomUUID();
      const { position } = await createStaffMember(commands, { staffId, name, login, password, role: rules }, commandContext(res), clock.now());
      const { state } = await commands.read(staffMemberAggregate, staffMemberStream(staffId));
      res.status(201).json({ success: true, data: rowOf(state.member!), position } satisfies StaffWriteAnswer);
    })
    .put('/admin/:id', ...guards, async (req, res) => {
      const staffId = memberIdOf(req);
      const { name, login, password, rules } = parseInput(staffUpdateRequestSchema, req.body);
      const by = signedInStaffOf(res);
      const { member, position } = await updateStaffMember(commands, pool, { staffId, by, name, login, role: rules, password }, commandContext(res), req);
      res.json({ success: true, data: rowOf(member), position } satisfies StaffWriteAnswer);
    })
    .delete('/admin/:id', ...guards, async (req, res) => {
      const staffId = memberIdOf(req);
      const { position } = await deleteStaffMember(commands, pool, { staffId, by: signedInStaffOf(res) }, commandContext(res), clock.now());
      res.json({ success: true, position } satisfies StaffDeleteAnswer);
    });
}
