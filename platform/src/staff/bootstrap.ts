import { staffLoginClaimAggregate, staffLoginSchema, staffLoginStream, staffMemberAggregate, staffMemberStream, superRosterAggregate } from '@studio/domain';
import { createCommandHandler } from '../commands/handle-command';
import type { Config } from '../config';
import type { EventStore } from '../eventstore/types';
import { stableUuid } from '../seed/stable-uuid';
import { createStaffMember } from '../workflows/create-staff-member';

export const BOOTSTRAP_ACTOR = 'system:bootstrap';
export const BOOTSTRAP_SUPER_NAME = 'Главный администратор';

/**
 * The first super administrator, from ADMIN_LOGIN / ADMIN_PASSWORD, written when its login belongs
 * to nobody yet. A login that already has a member is left as it is, password included: the
 * setting starts a deployment, it does not reset a password someone has since changed. Nor does
 * the bootstrap member come back once made, whether a super has since renamed or deleted it.
 */
export async function ensureSuperAdmin(store: EventStore, config: Pick<Config, 'ADMIN_LOGIN' | 'ADMIN_PASSWORD'>, now = new Date()): Promise<'created' | 'exists'> {
  const commands = createCommandHandler(store);
  const login = staffLoginSchema.parse(config.ADMIN_LOGIN);
  // Named by the login, so two starts racing on a fresh store write one member, not two.
  const staffId = stableUuid(`bootstrap-super:${login}`);
  const { state } = await commands.read(staffMemberAggregate, staffMemberStream(staffId));
  if (state.member || state.deleted) {
    // A store older than the super roster has its bootstrap super on no roster yet.
    if (state.member?.role === 'super') await commands.handle(superRosterAggregate, { type: 'EnrolFirstSuper', data: { staffId } }, { actor: BOOTSTRAP_ACTOR });
    return 'exists';
  }
  const owner = (await commands.read(staffLoginClaimAggregate, staffLoginStream(login))).state.staffId;
  if (owner !== null && owner !== staffId) return 'exists';
  // A run that stopped between the login's claim and the member is finished here.
  await createStaffMember(commands, { staffId, name: BOOTSTRAP_SUPER_NAME, login, password: config.ADMIN_PASSWORD, role: 'super' }, { actor: BOOTSTRAP_ACTOR }, now);
  return 'created';
}
