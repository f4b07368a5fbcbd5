import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';
import { postJson, type JsonAnswer } from './http';

let lastIp = 0;
/** Each registration from an address of its own (as the trusted gateway forwards it), clear of the per-address limit. */
const freshIp = () => `203.0.113.${++lastIp % 250}`;

/** The `session=…` pair a browser would send back after an answer that signed someone in. */
export const sessionCookieOf = (res: JsonAnswer): string => res.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!;

export interface SignedUpCustomer {
  id: string;
  /** E.164. */
  phone: string;
  cookie: string;
  /** Of the registration: a read model given it shows the account. */
  position: string;
}

/** Registers a customer over HTTP (the sandbox captcha) and keeps the session the answer opened. */
export async function registerCustomer(commandUrl: string, phone: string, name = 'Анна'): Promise<SignedUpCustomer> {
  const res = await postJson(
    commandUrl,
    '/api/auth/register',
    { name, surname: 'Петрова', email: 'anna@example.ru', password: 'Пароль-кабинета-1', phone, captchaToken: SANDBOX_CAPTCHA_TOKEN },
    'POST',
    { 'x-forwarded-for': freshIp() },
  );
  if (res.status !== 201) throw new Error(`registration of ${phone} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, phone: res.body.user.phone, cookie: sessionCookieOf(res), position: res.body.position };
}
