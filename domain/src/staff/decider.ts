import { defineAggregate } from '../aggregate';
import { staffMemberStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { staffMemberEventSchemas, type StaffMemberEvent, type StaffRole } from './events';

/** What a call needs: one role's share, or `staff` for what every member needs (who am I). */
export type StaffAccess = StaffRole | 'staff';

/** Whether a member of `role` may do what needs `needed`: super may do everything, the others only their own share. */
export const staffRoleAllows = (role: StaffRole, needed: StaffAccess): boolean => needed === 'staff' || role === 'super' || role === needed;

/** What a super edits (docs/staff.md#calls-and-who-may-make-them PUT /api/admin/{id}): the whole profile, the password only when a new one was typed. */
export interface StaffMemberEdit {
  staffId: string;
  /** The super making the change. */
  by: string;
  name: string;
  login: string;
  role: StaffRole;
  passwordHash?: string | undefined;
  /**
   * The role the caller saw. Who is super is also kept on the super roster, written before or
   * after this stream by what the caller saw; a role changed meanwhile is a conflict, not a guess.
   */
  roleWas: StaffRole;
}

export type StaffMemberCommand =
  | { type: 'CreateStaffMember'; data: Omit<Extract<StaffMemberEvent, { type: 'StaffMemberCreated' }>['data'], 'createdAt'> & { now: Date } }
  | { type: 'UpdateStaffMember'; data: StaffMemberEdit }
  | { type: 'DeleteStaffMember'; data: { staffId: string; by: string; roleWas: StaffRole; now: Date } };

export interface StaffMember {
  id: string;
  name: string;
  login: string;
  passwordHash: string;
  role: StaffRole;
  createdAt: string;
}

export interface StaffMemberState {
  /** The member as it is now; null before its creation and after its deletion. */
  member: StaffMember | null;
  /** A deleted member's id is never given to another. */
  deleted: boolean;
}

const staffNotFound = () => new DomainError('not_found', 'staff_not_found', 'Администратор не найден', 'id');
export const STAFF_CHANGED_MESSAGE = 'Права администратора только что изменили: обновите список и повторите';

/** The live member a command edits, as the caller saw it; else the 404 of one never created or since deleted, or the 409 of a role changed meanwhile. */
function existing(state: StaffMemberState, roleWas: StaffRole): StaffMember {
  if (!state.member) throw staffNotFound();
  if (state.member.role !== roleWas) throw new DomainError('conflict', 'staff_changed', STAFF_CHANGED_MESSAGE, 'rules');
  return state.member;
}

/**
 * A member's own rules. A super cannot delete or demote itself (docs/staff.md#calls-and-who-may-make-them: «except
 * itself»), so nobody locks themselves out by a slip. That the last super stays is a rule over all
 * members, which one member's stream cannot see: the super roster (./super-roster/) keeps it.
 */
export function decideStaffMember(command: StaffMemberCommand, state: StaffMemberState): StaffMemberEvent[] {
  switch (command.type) {
    case 'CreateStaffMember': {
      if (state.member || state.deleted) throw new DomainError('conflict', 'staff_exists', 'Такой администратор уже есть');
      const { now, ...member } = command.data;
      return [{ type: 'StaffMemberCreated', data: { ...member, createdAt: now.toISOString() } }];
    }
    case 'UpdateStaffMember': {
      const { staffId, by, name, login, role, passwordHash, roleWas } = command.data;
      const member = existing(state, roleWas);
      if (by === staffId && member.role === 'super' && role !== 'super') {
        throw new DomainError('conflict', 'cannot_demote_self', 'Нельзя снять с себя права супер-администратора', 'rules');
      }
      const events: StaffMemberEvent[] = [];
      if (name !== member.name) events.push({ type: 'StaffMemberRenamed', data: { staffId, name } });
      if (login !== member.login) events.push({ type: 'StaffMemberLoginChanged', data: { staffId, login, previousLogin: member.login } });
      if (role !== member.role) events.push({ type: 'StaffMemberRoleChanged', data: { staffId, role } });
      if (passwordHash !== undefined) events.push({ type: 'StaffMemberPasswordChanged', data: { staffId, passwordHash } });
      return events;
    }
    case 'DeleteStaffMember': {
      const { staffId, by, roleWas, now } = command.data;
      const { login } = existing(state, roleWas);
      if (by === staffId) throw new DomainError('conflict', 'cannot_delete_self', 'Нельзя удалить самого себя');
      return [{ type: 'StaffMemberDeleted', data: { staffId, login, deletedAt: now.toISOString() } }];
    }
  }
}

export function evolveStaffMember(state: StaffMemberState, event: StaffMemberEvent): StaffMemberState {
  const edited = (change: Partial<StaffMember>): StaffMemberState => (state.member ? { ...state, member: { ...state.member, ...change } } : state);
  switch (event.type) {
    case 'StaffMemberCreated': {
      const { staffId, ...member } = event.data;
      return { ...state, member: { id: staffId, ...member } };
    }
    case 'StaffMemberRenamed':
      return edited({ name: event.data.name });
    case 'StaffMemberLoginChanged':
      return edited({ login: event.data.login });
    case 'StaffMemberRoleChanged':
      return edited({ role: event.data.role });
    case 'StaffMemberPasswordChanged':
      return edited({ passwordHash: event.data.passwordHash });
    case 'StaffMemberDeleted':
      return { member: null, deleted: true };
  }
}

export const staffMemberAggregate = defineAggregate({
  name: 'staff-member',
  initialState: (): StaffMemberState => ({ member: null, deleted: false }),
  decide: decideStaffMember,
  evolve: evolveStaffMember,
  events: staffMemberEventSchemas,
  streamOf: (command) => staffMemberStream(command.data.staffId),
});

export const staffMemberDecider = staffMemberAggregate.decider;
