import { defineAggregate } from '../../aggregate';
import { SUPER_ROSTER_STREAM } from '../../contracts/streams';
import { DomainError } from '../../errors';
import { superRosterEventSchemas, type SuperRosterEvent } from './events';

export type SuperRosterCommand =
  | { type: 'EnrolSuper'; data: { staffId: string } }
  /**
   * The bootstrap super of a store older than the roster, enrolled at start. Only into an empty
   * roster: a roster is never emptied (the last super stays), so nobody in it can have been
   * withdrawn meanwhile, and a super being removed is never enrolled back.
   */
  | { type: 'EnrolFirstSuper'; data: { staffId: string } }
  | { type: 'WithdrawSuper'; data: { staffId: string } };

export interface SuperRosterState {
  supers: string[];
}

export const LAST_SUPER_MESSAGE = 'Нельзя удалить или понизить последнего супер-администратора';

export function decideSuperRoster(command: SuperRosterCommand, state: SuperRosterState): SuperRosterEvent[] {
  const { staffId } = command.data;
  const enrolled = state.supers.includes(staffId);
  switch (command.type) {
    case 'EnrolSuper':
      return enrolled ? [] : [{ type: 'SuperEnrolled', data: { staffId } }];
    case 'EnrolFirstSuper':
      return state.supers.length > 0 ? [] : [{ type: 'SuperEnrolled', data: { staffId } }];
    case 'WithdrawSuper':
      if (!enrolled) return [];
      if (state.supers.length === 1) throw new DomainError('conflict', 'last_super', LAST_SUPER_MESSAGE, 'rules');
      return [{ type: 'SuperWithdrawn', data: { staffId } }];
  }
}

export function evolveSuperRoster(state: SuperRosterState, event: SuperRosterEvent): SuperRosterState {
  const others = state.supers.filter((id) => id !== event.data.staffId);
  return { supers: event.type === 'SuperEnrolled' ? [...others, event.data.staffId] : others };
}

export const superRosterAggregate = defineAggregate({
  name: 'super-roster',
  initialState: (): SuperRosterState => ({ supers: [] }),
  decide: decideSuperRoster,
  evolve: evolveSuperRoster,
  events: superRosterEventSchemas,
  streamOf: () => SUPER_ROSTER_STREAM,
});

export const superRosterDecider = superRosterAggregate.decider;
