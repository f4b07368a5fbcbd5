import { z } from 'zod';
import { defineAggregate } from '../aggregate';
import { customerStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { e164PhoneSchema, idSchema } from '../primitives';
import {
  decidePhoneVerification,
  evolvePhoneVerification,
  phoneVerificationEventSchemas,
  type PhoneVerificationCommand,
  type PhoneVerificationEvent,
  type PhoneVerificationState,
} from './phone-verification';

const personName = z.string().trim().min(1).max(100);
const email = z.string().max(254);
/**
 * An argon2id PHC string. It is in the events only because the account must be able to check a
 * password after a replay; the password itself never reaches the domain.
 */
const passwordHash = z.string().regex(/^\$argon2id\$/, 'ожидался хеш argon2id').max(300);

export const customerEventSchemas = {
  /** An account was opened: by the customer on /register (actor customer:{id}), or for a guest's booking (actor system:…). */
  CustomerRegistered: z.object({
    customerId: idSchema,
    name: personName,
    /**
     * Empty only for an account opened at a booking whose contact gave one word as the name: the
     * booking form has a single name field. /register requires a surname, and so does the profile
     * form the next time it is saved.
     */
    surname: z.string().trim().max(100),
    email,
    phone: e164PhoneSchema,
    passwordHash,
    registeredAt: z.iso.datetime(),
    /** The paid booking this account was opened for (a guest's); absent for a registration on /register. */
    viaBookingId: idSchema.optional(),
  }),
  CustomerProfileChanged: z.object({ customerId: idSchema, name: personName, surname: personName, email: email.nullable() }),
  CustomerPasswordChanged: z.object({ customerId: idSchema, passwordHash }),
  /**
   * The account never came to be: its phone was claimed by another registration first. Logins find
   * accounts through their phone's claim, so this one was never reachable; the event says so.
   */
  CustomerRegistrationWithdrawn: z.object({ customerId: idSchema, reason: z.enum(['phone_taken']) }),
  ...phoneVerificationEventSchemas,
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type CustomerEvent = EventUnion<Omit<typeof customerEventSchemas, PhoneVerificationEvent['type']>> | PhoneVerificationEvent;
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
