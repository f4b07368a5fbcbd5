import { defineAggregate } from '../../aggregate';
import { staffLoginStream } from '../../contracts/streams';
import { DomainError } from '../../errors';
import { staffLoginClaimEventSchemas, type StaffLoginClaimEvent } from './events';

type ClaimData = StaffLoginClaimEvent['data'];
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
