import { z } from 'zod';
import { toE164 } from '@studio/platform';

/** docs/cabinet.md#rules: shown when the human check was not passed or not sent. */
export const CAPTCHA_MESSAGE = 'Пожалуйста, пройдите проверку капчи';

/** A field the form must fill: the same message whether it is missing, not a string or blank. */
const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `не длиннее ${max} символов`);

/** A phone as the site's mask sends it, in E.164. */
const phone = required('Телефон обязателен', 40).transform((typed, ctx) => {
  const e164 = toE164(typed);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: 'Введите корректный номер телефона в формате +7 (999) 123-45-67' });
  return z.NEVER;
});

/** Passwords are taken as typed (no trimming): a space is a character like any other. */
const password = z.string({ error: 'Пароль обязателен' }).min(1, 'Пароль обязателен').max(200, 'не длиннее 200 символов');

/** SmartCaptcha's tokens are a few hundred characters. */
const captchaToken = z.string({ error: CAPTCHA_MESSAGE }).min(1, CAPTCHA_MESSAGE).max(4096, CAPTCHA_MESSAGE);

/** POST /api/auth/register (docs/cabinet.md#rules and docs/cabinet.md#calls-and-who-may-make-them, plus the captcha token the spec's client left out). */
export const registerRequestSchema = z.object({
  name: required('Имя обязательно', 100),
  surname: required('Фамилия обязательна', 100),
  email: required('Email обязателен', 254).pipe(z.email('Некорректный email')),
  password: password.min(6, 'Пароль должен быть не менее 6 символов'),
  phone,
  captchaToken,
});

/** POST /api/auth/verify-phone: the 6 digits of the SMS, spaces around them forgiven. */
export const verifyPhoneRequestSchema = z.object({
  code: z
    .string({ error: 'Введите код из SMS' })
    .trim()
    .max(6, 'Код состоит из 6 цифр')
    .regex(/^\d{6}$/, 'Код состоит из 6 цифр'),
});

/** POST /api/auth/login. */
export const loginRequestSchema = z.object({ phone, password, captchaToken });

const EMAIL_MESSAGE = 'Введите корректный email';

/** PUT /api/users/{id}/profile (docs/cabinet.md#rules Profile): the email may be left out, empty or null, all meaning none. */
export const profileRequestSchema = z.object({
  name: required('Имя обязательно для заполнения', 100),
  surname: required('Фамилия обязательна для заполнения', 100),
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .max(254, 'не длиннее 254 символов')
    .pipe(z.union([z.literal(''), z.email(EMAIL_MESSAGE)]))
    .nullish()
    .transform((email) => email || null),
});

/** PUT /api/users/{id}/password. */
export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string({ error: 'Введите текущий пароль для смены пароля' }).min(1, 'Введите текущий пароль для смены пароля').max(200, 'не длиннее 200 символов'),
  newPassword: z.string({ error: 'Новый пароль должен содержать минимум 6 символов' }).min(6, 'Новый пароль должен содержать минимум 6 символов').max(200, 'не длиннее 200 символов'),
});
