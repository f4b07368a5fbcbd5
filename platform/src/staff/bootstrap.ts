import { staffLoginClaimAggregate, staffLoginSchema, staffLoginStream } from '@studio/domain';
import { createCommandHandler } from '../commands/handle-command';
import type { Config } from '../config';
import type { EventStore } from '../eventstore/types';
import { stableUuid } from '../seed/stable-uuid';
import { createStaffMember } from './create-staff-member';

export const BOOTSTRAP_ACTOR = 'system:bootstrap';
export const BOOTSTRAP_SUPER_NAME = 'Главный администратор';

/**
 * The first super administrator, from ADMIN_LOGIN / ADMIN_PASSWORD, written when its login belongs
 * to nobody yet. A login that already has a member is left as it is, password included: the
 * setting starts a deployment, it does not reset a password someone has since changed.
 */
export async function ensureSuperAdmin(store: EventStore, config: Pick<Config, 'ADMIN_LOGIN' | 'ADMIN_PASSWORD'>, now = new Date()): Promise<'created' | 'exists'> {
  const commands = createCommandHandler(store);
  const login = staffLoginSchema.parse(config.ADMIN_LOGIN);
  if ((await commands.read(staffLoginClaimAggregate, staffLoginStream(login))).state.staffId !== null) return 'exists';
  // Named by the login, so two starts racing on a fresh store write one member, not two.
  const staffId = stableUuid(`bootstrap-super:${login}`);
  await createStaffMember(commands, { staffId, name: BOOTSTRAP_SUPER_NAME, login, password: config.ADMIN_PASSWORD, role: 'super' }, { actor: BOOTSTRAP_ACTOR }, now);
  return 'created';
}
