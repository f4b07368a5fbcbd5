import { z } from 'zod';
import { DomainError } from '../errors';
import { idSchema } from '../primitives';

/**
 * Proof that an account's holder has its phone: a 6-digit code sent by SMS and typed back. Until
 * then the phone gives the account nothing (no guest bookings made with it). The events are the
 * customer stream's, so one stream orders every attempt and no two guesses race past the limit.
 */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_RESEND_COOLDOWN_MS = 60_000;
export const PHONE_CODE_ATTEMPTS = 5;

/** The code's hash (the code itself lives only in the SMS), as platform's `phoneCodeHash` makes it. */
const codeHash = z.string().regex(/^[0-9a-f]{64}$/, 'ожидался хеш sha256');

export const phoneVerificationEventSchemas = {
  /** A new code went to the account's phone (at registration, or resent); any earlier code is spent. */
  PhoneCodeSent: z.object({ customerId: idSchema, codeHash, sentAt: z.iso.datetime(), expiresAt: z.iso.datetime() }),
  /** A wrong code was typed; at 0 attempts left the code is spent. */
  PhoneCodeRejected: z.object({ customerId: idSchema, attemptsLeft: z.number().int().min(0), rejectedAt: z.iso.datetime() }),
  /** The right code: the phone is the account's from now on. */
  PhoneVerified: z.object({ customerId: idSchema, verifiedAt: z.iso.datetime() }),
} as const;

type Data<K extends keyof typeof phoneVerificationEventSchemas> = z.infer<(typeof phoneVerificationEventSchemas)[K]>;
export type PhoneVerificationEvent =
  | { type: 'PhoneCodeSent'; data: Data<'PhoneCodeSent'> }
  | { type: 'PhoneCodeRejected'; data: Data<'PhoneCodeRejected'> }
  | { type: 'PhoneVerified'; data: Data<'PhoneVerified'> };

export type PhoneVerificationCommand =
  | { type: 'SendPhoneCode'; data: { customerId: string; codeHash: string; now: Date } }
  /** `codeHash` is the typed code's hash, made the same way as the sent one's. */
  | { type: 'VerifyPhone'; data: { customerId: string; codeHash: string; now: Date } };

export interface PhoneCode {
  codeHash: string;
  sentAt: string;
  expiresAt: string;
  attemptsLeft: number;
}

export interface PhoneVerificationState {
  /** True once the code was typed, and from the start for an account opened at booking (its password came by SMS to the phone). */
  phoneVerified: boolean;
  /** The last code sent, while there is one. */
  phoneCode: PhoneCode | null;
}

export const PHONE_ALREADY_VERIFIED_MESSAGE = 'Телефон уже подтверждён';
export const NO_PHONE_CODE_MESSAGE = 'Код не запрашивался. Нажмите «Отправить код ещё раз»';
export const PHONE_CODE_EXPIRED_MESSAGE = 'Срок действия кода истёк. Запросите новый код';
export const PHONE_CODE_SPENT_MESSAGE = 'Попытки ввода кода исчерпаны. Запросите новый код';
export const wrongPhoneCodeMessage = (attemptsLeft: number) => (attemptsLeft === 0 ? PHONE_CODE_SPENT_MESSAGE : `Неверный код. Осталось попыток: ${attemptsLeft}`);
export const phoneCodeCooldownMessage = (seconds: number) => `Новый код можно запросить через ${seconds} с`;

const codeError = (code: string, message: string) => new DomainError('validation', code, message, 'code');

/** Whole seconds until a new code may be sent; 0 when it may be now. */
export function phoneCodeResendIn(state: PhoneVerificationState, now: Date): number {
  if (!state.phoneCode) return 0;
  const ms = Date.parse(state.phoneCode.sentAt) + PHONE_CODE_RESEND_COOLDOWN_MS - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

export function decidePhoneVerification(command: PhoneVerificationCommand, state: PhoneVerificationState): PhoneVerificationEvent[] {
  const { customerId, codeHash, now } = command.data;
  if (state.phoneVerified) throw new DomainError('conflict', 'phone_already_verified', PHONE_ALREADY_VERIFIED_MESSAGE);
  switch (command.type) {
    case 'SendPhoneCode': {
      const wait = phoneCodeResendIn(state, now);
      if (wait > 0) throw new DomainError('rate_limited', 'phone_code_cooldown', phoneCodeCooldownMessage(wait), undefined, { retry_after_seconds: wait });
      const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS).toISOString();
      return [{ type: 'PhoneCodeSent', data: { customerId, codeHash, sentAt: now.toISOString(), expiresAt } }];
    }
    case 'VerifyPhone': {
      const code = state.phoneCode;
      if (!code) throw codeError('phone_code_missing', NO_PHONE_CODE_MESSAGE);
      if (code.attemptsLeft === 0) throw codeError('phone_code_spent', PHONE_CODE_SPENT_MESSAGE);
      if (now.getTime() >= Date.parse(code.expiresAt)) throw codeError('phone_code_expired', PHONE_CODE_EXPIRED_MESSAGE);
      if (codeHash === code.codeHash) return [{ type: 'PhoneVerified', data: { customerId, verifiedAt: now.toISOString() } }];
      // Recorded, not thrown: the guess must count. The caller answers it with `wrongPhoneCodeMessage`.
      return [{ type: 'PhoneCodeRejected', data: { customerId, attemptsLeft: code.attemptsLeft - 1, rejectedAt: now.toISOString() } }];
    }
  }
}

export function evolvePhoneVerification<S extends PhoneVerificationState>(state: S, event: PhoneVerificationEvent): S {
  switch (event.type) {
    case 'PhoneCodeSent': {
      const { codeHash, sentAt, expiresAt } = event.data;
      return { ...state, phoneCode: { codeHash, sentAt, expiresAt, attemptsLeft: PHONE_CODE_ATTEMPTS } };
    }
    case 'PhoneCodeRejected':
      return state.phoneCode ? { ...state, phoneCode: { ...state.phoneCode, attemptsLeft: event.data.attemptsLeft } } : state;
    case 'PhoneVerified':
      return { ...state, phoneVerified: true, phoneCode: null };
  }
}

/** The refusal a wrong code is answered with, once its PhoneCodeRejected is recorded. */
export const wrongPhoneCode = (attemptsLeft: number) => codeError(attemptsLeft === 0 ? 'phone_code_spent' : 'phone_code_wrong', wrongPhoneCodeMessage(attemptsLeft));
