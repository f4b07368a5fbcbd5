import {
  changePolicyAggregate,
  changePolicyStream,
  policyInForce,
  staffMemberAggregate,
  staffMemberStream,
  type ChangePolicyTerms,
  type PaymentIntentState,
  type Studio,
  type VersionedChangePolicy,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';

/** The studio's change policy in force now (docs/change-policy.md): what a booking placed now snapshots. */
export async function currentChangePolicy(commands: CommandHandler, studio: Studio): Promise<VersionedChangePolicy> {
  const { state } = await commands.read(changePolicyAggregate, changePolicyStream(studio));
  return policyInForce(studio, state);
}

/**
 * What the customer has paid and still has with us: succeeded payments less their refunds not
 * cancelled (asked, pending or done). The policy divides this, so money already on its way back
 * is never quoted twice. The query side counts the same: payment_intents.paid − refunded_total_amount.
 */
export function netPaid(intent: PaymentIntentState): number {
  return Object.values(intent.payments)
    .filter((payment) => payment.status === 'succeeded')
    .reduce((sum, payment) => sum + payment.amount - payment.refunded, 0);
}

/** A super administrator sets a studio's policy (PUT /api/admin/policies); signed with their name from their own record. */
export async function setChangePolicy(commands: CommandHandler, staffId: string, policy: ChangePolicyTerms & { studio: Studio }, context: CommandContext) {
  const { state: staff } = await commands.read(staffMemberAggregate, staffMemberStream(staffId));
  if (!staff.member) throw new Error(`staff member ${staffId} has a session but no record`);
  const result = await commands.handle(changePolicyAggregate, { type: 'SetChangePolicy', data: { ...policy, staffId, staffName: staff.member.name } }, context);
  return { policy: policyInForce(policy.studio, result.state), position: result.position };
}
