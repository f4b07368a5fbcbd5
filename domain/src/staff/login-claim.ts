import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { staffLoginStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';
import { staffLoginSchema } from './events';

/**
 * One staff member per login. The claim is a stream of its own, named by the login, so two
 * members created with one login race on one stream and optimistic concurrency lets exactly one
 * win; a login finds its member through it. A member who changes its login or is deleted releases
 * the old one, which anyone may claim again.
 */
export const staffLoginClaimEventSchemas = {
  StaffLoginClaimed: z.object({ login: staffLoginSchema, staffId: idSchema }),
  StaffLoginReleased: z.object({ login: staffLoginSchema, staffId: idSchema }),
} as const;

type ClaimData = z.infer<typeof staffLoginClaimEventSchemas.StaffLoginClaimed>;
export type StaffLoginClaimEvent = { type: 'StaffLoginClaimed'; data: ClaimData } | { type: 'StaffLoginReleased'; data: ClaimData };
export type StaffLoginClaimCommand = { type: 'ClaimStaffLogin'; data: ClaimData } | { type: 'ReleaseStaffLogin'; data: ClaimData };

export interface StaffLoginClaimState {
  /** The member the login belongs to; null while nobody has claimed it. */
  staffId: string | null;
}

export const LOGIN_TAKEN_MESSAGE = 'Администратор с таким логином уже существует';

export function decideStaffLoginClaim(command: StaffLoginClaimCommand, state: StaffLoginClaimState): StaffLoginClaimEvent[] {
  const { staffId } = command.data;
  switch (command.type) {
    case 'ClaimStaffLogin':
      if (state.staffId !== null && state.staffId !== staffId) throw new DomainError('conflict', 'login_taken', LOGIN_TAKEN_MESSAGE, 'login');
      return state.staffId === staffId ? [] : [{ type: 'StaffLoginClaimed', data: command.data }];
    case 'ReleaseStaffLogin':
      // Only its holder lets a login go; one released already, or someone else's since, is left as it is.
      return state.staffId === staffId ? [{ type: 'StaffLoginReleased', data: command.data }] : [];
  }
}

export const staffLoginClaimAggregate = defineAggregate({
  name: 'staff-login',
  initialState: (): StaffLoginClaimState => ({ staffId: null }),
  decide: decideStaffLoginClaim,
  evolve: (state: StaffLoginClaimState, event: StaffLoginClaimEvent): StaffLoginClaimState => ({ ...state, staffId: event.type === 'StaffLoginClaimed' ? event.data.staffId : null }),
  events: staffLoginClaimEventSchemas,
  streamOf: (command) => staffLoginStream(command.data.login),
});

export const staffLoginClaimDecider = staffLoginClaimAggregate.decider;
