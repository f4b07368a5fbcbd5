import { defineAggregate } from '../aggregate';
import { changePolicyStream } from '../contracts/streams';
import type { Studio } from '../studios';
import { changePolicyEventSchemas, type ChangePolicyEvent } from './events';
import { DEFAULT_CHANGE_POLICIES, type ChangePolicyTerms, type VersionedChangePolicy } from './terms';

/** Stream changePolicyStream(studio). */
export type ChangePolicyCommand = { type: 'SetChangePolicy'; data: ChangePolicyTerms & { studio: Studio; staffId: string; staffName: string } };

/** Null until the studio's stream has an event: then the built-in version 1 is in force. */
export interface ChangePolicyState {
  policy: VersionedChangePolicy | null;
}

const TERM_KEYS = ['freeCancelHours', 'lateCancelKeptPercent', 'freeRescheduleHours', 'maxReschedules'] as const;

/** The policy in force for a studio, given its stream's state. */
export const policyInForce = (studio: Studio, state: ChangePolicyState): VersionedChangePolicy => state.policy ?? DEFAULT_CHANGE_POLICIES[studio];

export function decideChangePolicy(command: ChangePolicyCommand, state: ChangePolicyState): ChangePolicyEvent[] {
  const { studio, staffId, staffName } = command.data;
  const current = policyInForce(studio, state);
  // The same terms again (a retried save) make no new version.
  if (TERM_KEYS.every((key) => current[key] === command.data[key])) return [];
  const terms = Object.fromEntries(TERM_KEYS.map((key) => [key, command.data[key]])) as ChangePolicyTerms;
  return [{ type: 'ChangePolicySet', data: { studio, version: current.version + 1, ...terms, staffId, staffName } }];
}

export function evolveChangePolicy(_state: ChangePolicyState, event: ChangePolicyEvent): ChangePolicyState {
  const { studio: _studio, staffId: _id, staffName: _name, ...policy } = event.data;
  return { policy };
}

export const changePolicyAggregate = defineAggregate({
  name: 'change-policy',
  initialState: (): ChangePolicyState => ({ policy: null }),
  decide: decideChangePolicy,
  evolve: evolveChangePolicy,
  events: changePolicyEventSchemas,
  streamOf: (command) => changePolicyStream(command.data.studio),
});

export const changePolicyDecider = changePolicyAggregate.decider;
