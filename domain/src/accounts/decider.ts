import { defineAggregate } from '../aggregate';
import { customerStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { customerEventSchemas, type CustomerEvent } from './events';
import {
  decidePhoneVerification,
  evolvePhoneVerification,
  type PhoneVerificationCommand,
  type PhoneVerificationState,
} from './phone-verification';

type DataOf<T extends CustomerEvent['type']> = Extract<CustomerEvent, { type: T }>['data'];

export type CustomerCommand =
  | { type: 'RegisterCustomer'; data: Omit<DataOf<'CustomerRegistered'>, 'registeredAt'> & { now: Date } }
  | { type: 'ChangeCustomerProfile'; data: DataOf<'CustomerProfileChanged'> }
  | { type: 'ChangeCustomerPassword'; data: DataOf<'CustomerPasswordChanged'> }
  | { type: 'WithdrawCustomerRegistration'; data: DataOf<'CustomerRegistrationWithdrawn'> }
  | PhoneVerificationCommand;

export interface Customer {
  id: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string;
  passwordHash: string;
  registeredAt: string;
  /** Set when the account was opened for a guest's paid booking. */
  viaBookingId?: string;
}

export interface CustomerState extends PhoneVerificationState {
  customer: Customer | null;
  withdrawn: boolean;
}

const notFound = () => new DomainError('not_found', 'customer_not_found', 'Пользователь не найден');

/** The account a command may act on: registered and not withdrawn. */
function existing(state: CustomerState): Customer {
  if (!state.customer || state.withdrawn) throw notFound();
  return state.customer;
}

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'RegisterCustomer': {
      if (state.customer) throw new DomainError('conflict', 'customer_exists', 'Такой пользователь уже есть');
      const { now, ...customer } = command.data;
      return [{ type: 'CustomerRegistered', data: { ...customer, registeredAt: now.toISOString() } }];
    }
    case 'ChangeCustomerProfile': {
      const { name, surname, email } = existing(state);
      const next = command.data;
      if (next.name === name && next.surname === surname && next.email === email) return [];
      return [{ type: 'CustomerProfileChanged', data: next }];
    }
    case 'ChangeCustomerPassword':
      existing(state);
      return [{ type: 'CustomerPasswordChanged', data: command.data }];
    case 'WithdrawCustomerRegistration':
      return state.customer && !state.withdrawn ? [{ type: 'CustomerRegistrationWithdrawn', data: command.data }] : [];
    case 'SendPhoneCode':
    case 'VerifyPhone':
      existing(state);
      return decidePhoneVerification(command, state);
  }
}

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const { customerId, ...customer } = event.data;
      // An account opened at booking got its password by SMS to this phone: that is the proof.
      return { ...state, customer: { id: customerId, ...customer }, phoneVerified: customer.viaBookingId !== undefined };
    }
    case 'CustomerProfileChanged': {
      const { name, surname, email } = event.data;
      return state.customer ? { ...state, customer: { ...state.customer, name, surname, email } } : state;
    }
    case 'CustomerPasswordChanged':
      return state.customer ? { ...state, customer: { ...state.customer, passwordHash: event.data.passwordHash } } : state;
    case 'CustomerRegistrationWithdrawn':
      return { ...state, withdrawn: true };
    case 'PhoneCodeSent':
    case 'PhoneCodeRejected':
    case 'PhoneVerified':
      return evolvePhoneVerification(state, event);
  }
}

export const customerAggregate = defineAggregate({
  name: 'customer',
  initialState: (): CustomerState => ({ customer: null, withdrawn: false, phoneVerified: false, phoneCode: null }),
  decide: decideCustomer,
  evolve: evolveCustomer,
  events: customerEventSchemas,
  streamOf: (command) => customerStream(command.data.customerId),
});

export const customerDecider = customerAggregate.decider;
