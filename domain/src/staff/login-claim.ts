import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { staffLoginStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';
import { staffLoginSchema } from './staff-member';

/**
 * One staff member per login. The claim is a stream of its own, named by the login, so two
 * members created with one login race on one stream and optimistic concurrency lets exactly one
 * win; a login finds its member through it.
 */
export const staffLoginClaimEventSchemas = {
  StaffLoginClaimed: z.object({ login: staffLoginSchema, staffId: idSchema }),
} as const;

export type StaffLoginClaimEvent = { type: 'StaffLoginClaimed'; data: z.infer<typeof staffLoginClaimEventSchemas.StaffLoginClaimed> };
export type StaffLoginClaimCommand = { type: 'ClaimStaffLogin'; data: StaffLoginClaimEvent['data'] };

export interface StaffLoginClaimState {
  /** The member the login belongs to; null while nobody has claimed it. */
  staffId: string | null;
}

export const LOGIN_TAKEN_MESSAGE = 'Администратор с таким логином уже существует';

export function decideStaffLoginClaim(command: StaffLoginClaimCommand, state: StaffLoginClaimState): StaffLoginClaimEvent[] {
  const { staffId } = command.data;
  if (state.staffId !== null && state.staffId !== staffId) throw new DomainError('conflict', 'login_taken', LOGIN_TAKEN_MESSAGE, 'login');
  return state.staffId === staffId ? [] : [{ type: 'StaffLoginClaimed', data: command.data }];
}

export const staffLoginClaimAggregate = defineAggregate({
  name: 'staff-login',
  initialState: (): StaffLoginClaimState => ({ staffId: null }),
  decide: decideStaffLoginClaim,
  evolve: (state: StaffLoginClaimState, event: StaffLoginClaimEvent): StaffLoginClaimState => ({ ...state, staffId: event.data.staffId }),
  events: staffLoginClaimEventSchemas,
  streamOf: (command) => staffLoginStream(command.data.login),
});

export const staffLoginClaimDecider = staffLoginClaimAggregate.decider;
