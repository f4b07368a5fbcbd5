import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { customerDecider, type CustomerCommand } from './decider';
import type { CustomerEvent } from './events';
import { phoneCodeResendIn, PHONE_CODE_ATTEMPTS, wrongPhoneCodeMessage } from './phone-verification';

const customer = spec(customerDecider);
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const RIGHT = 'a'.repeat(64);
const WRONG = 'b'.repeat(64);
const NEW = 'c'.repeat(64);
const sentAt = new Date('2026-11-20T03:00:00Z');
const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
const profile = { customerId: 'c1', name: 'Анна', surname: 'Иванова', email: 'anna@example.ru', phone: '+79991234567', passwordHash: HASH };

const registered: CustomerEvent = { type: 'CustomerRegistered', data: { ...profile, registeredAt: sentAt.toISOString() } };
const openedAtBooking: CustomerEvent = { type: 'CustomerRegistered', data: { ...profile, viaBookingId: 'b1', registeredAt: sentAt.toISOString() } };
const codeSent: CustomerEvent = { type: 'PhoneCodeSent', data: { customerId: 'c1', codeHash: RIGHT, sentAt: sentAt.toISOString(), expiresAt: at(600).toISOString() } };
const rejected = (attemptsLeft: number, seconds = 30): CustomerEvent => ({ type: 'PhoneCodeRejected', data: { customerId: 'c1', attemptsLeft, rejectedAt: at(seconds).toISOString() } });
const verified: CustomerEvent = { type: 'PhoneVerified', data: { customerId: 'c1', verifiedAt: at(30).toISOString() } };

const send = (seconds: number, codeHash = NEW): CustomerCommand => ({ type: 'SendPhoneCode', data: { customerId: 'c1', codeHash, now: at(seconds) } });
const verify = (codeHash: string, seconds = 30): CustomerCommand => ({ type: 'VerifyPhone', data: { customerId: 'c1', codeHash, now: at(seconds) } });

describe('a phone verification', () => {
  it('sends a code that lives 10 minutes', () => {
    customer.given([registered]).when(send(0, RIGHT)).then([codeSent]);
  });

  it('is refused for an account that does not exist', () => {
    customer.given([]).when(send(0)).thenThrows('customer_not_found', 'not_found');
    customer.given([]).when(verify(RIGHT)).thenThrows('customer_not_found', 'not_found');
  });

  it('verifies the phone with the right code, after which codes are neither sent nor checked', () => {
    customer.given([registered, codeSent]).when(verify(RIGHT)).then([verified]);
    customer.given([registered, codeSent, verified]).when(verify(RIGHT)).thenThrows('phone_already_verified', 'conflict');
    customer.given([registered, codeSent, verified]).when(send(120)).thenThrows('phone_already_verified', 'conflict');
  });

  it('counts an account opened at booking as verified: its password came by SMS to the phone', () => {
    customer.given([openedAtBooking]).when(send(0)).thenThrows('phone_already_verified', 'conflict');
  });

  it('records each wrong code, and the fifth spends the code', () => {
    customer.given([registered, codeSent]).when(verify(WRONG)).then([rejected(PHONE_CODE_ATTEMPTS - 1)]);
    const fourWrong = [rejected(4), rejected(3), rejected(2), rejected(1)];
    customer.given([registered, codeSent, ...fourWrong]).when(verify(WRONG)).then([rejected(0)]);
    // Spent: even the right code is refused now, and nothing more is recorded.
    const spent = customer.given([registered, codeSent, ...fourWrong, rejected(0)]).when(verify(RIGHT)).thenThrows('phone_code_spent', 'validation');
    expect(spent.field).toBe('code');
    expect(spent.message).toBe('Попытки ввода кода исчерпаны. Запросите новый код');
    expect(wrongPhoneCodeMessage(3)).toBe('Неверный код. Осталось попыток: 3');
  });

  it('refuses a code past its 10 minutes, and a code never sent', () => {
    customer.given([registered, codeSent]).when(verify(RIGHT, 599)).then([{ ...verified, data: { ...verified.data, verifiedAt: at(599).toISOString() } }]);
    const expired = customer.given([registered, codeSent]).when(verify(RIGHT, 600)).thenThrows('phone_code_expired', 'validation');
    expect(expired.message).toBe('Срок действия кода истёк. Запросите новый код');
    customer.given([registered]).when(verify(RIGHT)).thenThrows('phone_code_missing', 'validation');
  });

  it('resends no sooner than 60 s after the last code, and the new code replaces the old with fresh attempts', () => {
    const early = customer.given([registered, codeSent]).when(send(59)).thenThrows('phone_code_cooldown', 'rate_limited');
    expect(early.message).toBe('Новый код можно запросить через 1 с');
    expect(early.details).toEqual({ retry_after_seconds: 1 });
    const resent: CustomerEvent = { type: 'PhoneCodeSent', data: { customerId: 'c1', codeHash: NEW, sentAt: at(60).toISOString(), expiresAt: at(660).toISOString() } };
    customer.given([registered, codeSent, rejected(0)]).when(send(60)).then([resent]);
    customer.given([registered, codeSent, rejected(0), resent]).when(verify(RIGHT, 90)).then([rejected(4, 90)]);
    customer.given([registered, codeSent, rejected(0), resent]).when(verify(NEW, 90)).then([{ ...verified, data: { ...verified.data, verifiedAt: at(90).toISOString() } }]);
  });

  it('tells how long until a new code may be asked for', () => {
    const state = [registered, codeSent].reduce(customerDecider.evolve, customerDecider.initialState());
    expect(phoneCodeResendIn(state, at(0))).toBe(60);
    expect(phoneCodeResendIn(state, at(59.5))).toBe(1);
    expect(phoneCodeResendIn(state, at(60))).toBe(0);
  });
});
