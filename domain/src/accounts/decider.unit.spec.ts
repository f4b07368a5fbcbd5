import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { customerDecider, type CustomerCommand } from './decider';
import { customerEventSchemas, type CustomerEvent } from './events';

const customer = spec(customerDecider);
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdDI$aGFzaDI';
const now = new Date('2026-11-20T03:00:00Z');
const profile = { customerId: 'c1', name: 'Анна', surname: 'Иванова', email: 'anna@example.ru', phone: '+79991234567' };

const register: CustomerCommand = { type: 'RegisterCustomer', data: { ...profile, passwordHash: HASH, now } };
const registered: CustomerEvent = { type: 'CustomerRegistered', data: { ...profile, passwordHash: HASH, registeredAt: '2026-11-20T03:00:00.000Z' } };
const withdrawn: CustomerEvent = { type: 'CustomerRegistrationWithdrawn', data: { customerId: 'c1', reason: 'phone_taken' } };
const changeProfile = (email: string | null, name = 'Анна'): CustomerCommand => ({ type: 'ChangeCustomerProfile', data: { customerId: 'c1', name, surname: 'Иванова', email } });
const changePassword: CustomerCommand = { type: 'ChangeCustomerPassword', data: { customerId: 'c1', passwordHash: NEW_HASH } };

describe('a customer account', () => {
  it('is registered once, with the time it was registered', () => {
    customer.given([]).when(register).then([registered]);
    customer.given([registered]).when(register).thenThrows('customer_exists', 'conflict');
  });

  it('may be opened for a guest\'s booking, which it names, without a surname when the contact gave one word', () => {
    const forBooking: CustomerCommand = { type: 'RegisterCustomer', data: { ...profile, surname: '', viaBookingId: 'b1', passwordHash: HASH, now } };
    const opened = { ...profile, surname: '', viaBookingId: 'b1', passwordHash: HASH, registeredAt: '2026-11-20T03:00:00.000Z' };
    customer.given([]).when(forBooking).then([{ type: 'CustomerRegistered', data: opened }]);
    expect(customerEventSchemas.CustomerRegistered.parse(opened)).toEqual(opened);
  });

  it('changes its profile, and a change to the same values records nothing', () => {
    customer.given([registered]).when(changeProfile(null)).then([{ type: 'CustomerProfileChanged', data: { customerId: 'c1', name: 'Анна', surname: 'Иванова', email: null } }]);
    customer.given([registered]).when(changeProfile('anna@example.ru')).then([]);
    const renamed: CustomerEvent = { type: 'CustomerProfileChanged', data: { customerId: 'c1', name: 'Аня', surname: 'Иванова', email: null } };
    customer.given([registered, renamed]).when(changeProfile(null, 'Аня')).then([]);
  });

  it('changes its password hash', () => {
    customer.given([registered]).when(changePassword).then([{ type: 'CustomerPasswordChanged', data: { customerId: 'c1', passwordHash: NEW_HASH } }]);
  });

  it('refuses changes to an account that does not exist or was withdrawn', () => {
    customer.given([]).when(changeProfile(null)).thenThrows('customer_not_found', 'not_found');
    customer.given([]).when(changePassword).thenThrows('customer_not_found', 'not_found');
    customer.given([registered, withdrawn]).when(changePassword).thenThrows('customer_not_found', 'not_found');
    customer.given([registered, withdrawn]).when(changeProfile(null)).thenThrows('customer_not_found');
  });

  it('is withdrawn once when its phone went to another registration, and never reopened', () => {
    const withdraw: CustomerCommand = { type: 'WithdrawCustomerRegistration', data: { customerId: 'c1', reason: 'phone_taken' } };
    customer.given([registered]).when(withdraw).then([withdrawn]);
    customer.given([registered, withdrawn]).when(withdraw).then([]);
    customer.given([]).when(withdraw).then([]);
    customer.given([registered, withdrawn]).when(register).thenThrows('customer_exists');
  });
});
