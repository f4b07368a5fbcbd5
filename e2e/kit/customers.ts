import { randomInt } from 'node:crypto';
import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';
import type pg from 'pg';
import { postJson, type JsonAnswer } from './http';
import { lastPhoneCode } from './outbox';

/** A phone no other test customer has, as the register form types it: +7 (9XX) XXX-XX-XX. */
export function freshCustomerPhone(): string {
  const digits = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}

let lastIp = 0;
/** Each registration from an address of its own (as the trusted gateway forwards it), clear of the per-address limit. */
const freshIp = () => `203.0.113.${(++lastIp % 250) + 1}`;

/** The `session=…` pair of an answer's Set-Cookie, as a browser would send it back. */
export function sessionCookieOf(res: JsonAnswer): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!cookie) throw new Error(`no session cookie in an answer ${res.status}: ${JSON.stringify(res.body)}`);
  return cookie.split(';')[0]!;
}

export interface TestCustomer {
  id: string;
  /** E.164, as the account holds it. */
  phone: string;
  password: string;
  /** The session registration opened. */
  cookie: string;
  /** Of the registration: a read model given it shows the account. */
  position: string;
}

/** A customer registered through POST /api/auth/register (the sandbox captcha), signed in; a fresh phone unless one is given. */
export async function registerCustomer(
  commandUrl: string,
  profile: { phone?: string; name?: string; surname?: string; email?: string } = {},
): Promise<TestCustomer> {
  const phone = profile.phone ?? freshCustomerPhone();
  const password = `Пароль-${randomInt(0, 1e9)}`;
  const res = await postJson(
    commandUrl,
    '/api/auth/register',
    { name: profile.name ?? 'Анна', surname: profile.surname ?? 'Петрова', email: profile.email ?? 'anna@example.ru', phone, password, captchaToken: SANDBOX_CAPTCHA_TOKEN },
    'POST',
    { 'x-forwarded-for': freshIp() },
  );
  if (res.status !== 201) throw new Error(`registration of ${phone} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id as string, phone: res.body.user.phone as string, password, cookie: sessionCookieOf(res), position: res.body.position as string };
}

/**
 * The customer proves the phone with the code the sandbox SMS carried (POST /api/auth/verify-phone),
 * as the cabinet does; only then are guest bookings made with that phone theirs. Answers the
 * customer with the position of the verification.
 */
export async function verifyCustomerPhone(stack: { commandUrl: string; pool: pg.Pool }, customer: TestCustomer): Promise<TestCustomer> {
  const code = await lastPhoneCode(stack.pool, customer.phone);
  const res = await postJson(stack.commandUrl, '/api/auth/verify-phone', { code }, 'POST', { cookie: customer.cookie });
  if (res.status !== 200) throw new Error(`verifying ${customer.phone} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...customer, position: res.body.position as string };
}

/** A customer registered and with the phone verified: guest bookings made with it are theirs. */
export async function registerVerifiedCustomer(stack: { commandUrl: string; pool: pg.Pool }, profile: Parameters<typeof registerCustomer>[1] = {}): Promise<TestCustomer> {
  return verifyCustomerPhone(stack, await registerCustomer(stack.commandUrl, profile));
}
