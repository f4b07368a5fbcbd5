import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { SUPER_ROSTER_STREAM } from '../contracts/streams';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';

/**
 * The super administrators, all on one stream: where «the last super cannot be deleted or
 * demoted» is decided. A super may not delete or demote itself, so a lone super can never be
 * removed; the last one can be lost only to a race, two supers removing each other at once. The
 * staff read model sees every member but lags the writes and takes no lock, so both would find the
 * other still there. Here every withdrawal is decided on the whole roster and appended with
 * optimistic concurrency: of two such races exactly one wins.
 *
 * A super is withdrawn before its member stream records the demotion or deletion, and enrolled only
 * after its member stream records it as super: a crash between the two writes leaves the roster
 * short of a super, never holding one who is gone, so the rule errs on the side of refusing.
 */
export const superRosterEventSchemas = {
  SuperEnrolled: z.object({ staffId: idSchema }),
  SuperWithdrawn: z.object({ staffId: idSchema }),
} as const;

export type SuperRosterEvent =
  | { type: 'SuperEnrolled'; data: z.infer<typeof superRosterEventSchemas.SuperEnrolled> }
  | { type: 'SuperWithdrawn'; data: z.infer<typeof superRosterEventSchemas.SuperWithdrawn> };
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
