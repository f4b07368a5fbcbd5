import { defineAggregate } from '../../aggregate';
import { customerPhoneStream } from '../../contracts/streams';
import { DomainError } from '../../errors';
import { phoneClaimEventSchemas, type PhoneClaimEvent } from './events';

export type PhoneClaimCommand = { type: 'ClaimCustomerPhone'; data: PhoneClaimEvent['data'] };

export interface PhoneClaimState {
  /** The account the phone belongs to; null while nobody has claimed it. */
  customerId: string | null;
}

export const PHONE_TAKEN_MESSAGE = 'Пользователь с таким телефоном уже зарегистрирован';

/** Refuses a phone that already belongs to an account other than `customerId` (any account, without one). */
export function checkPhoneFree(state: PhoneClaimState, customerId?: string): void {
  if (state.customerId !== null && state.customerId !== customerId) throw new DomainError('conflict', 'phone_taken', PHONE_TAKEN_MESSAGE, 'phone');
}

export function decidePhoneClaim(command: PhoneClaimCommand, state: PhoneClaimState): PhoneClaimEvent[] {
  checkPhoneFree(state, command.data.customerId);
  return state.customerId === command.data.customerId ? [] : [{ type: 'CustomerPhoneClaimed', data: command.data }];
}

export const phoneClaimAggregate = defineAggregate({
  name: 'customer-phone',
  initialState: (): PhoneClaimState => ({ customerId: null }),
  decide: decidePhoneClaim,
  evolve: (state: PhoneClaimState, event: PhoneClaimEvent): PhoneClaimState => ({ ...state, customerId: event.data.customerId }),
  events: phoneClaimEventSchemas,
  streamOf: (command) => customerPhoneStream(command.data.phone),
});

export const phoneClaimDecider = phoneClaimAggregate.decider;
