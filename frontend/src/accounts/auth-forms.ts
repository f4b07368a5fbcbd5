import { z } from 'zod';
import { PHONE_PATTERN, PHONE_SHAPE_MESSAGE } from '../ui/phone-rule';

/** docs/cabinet.md#rules (login and registration) and docs/cabinet.md#messages (customer side). */
export const AUTH_MESSAGES = {
  name: 'Имя обязательно',
  surname: 'Фамилия обязательна',
  email: 'Email обязателен',
  emailShape: 'Некорректный email',
  password: 'Пароль обязателен',
  passwordShort: 'Пароль должен быть не менее 6 символов',
  passwordsDiffer: 'Пароли не совпадают',
  phone: 'Телефон обязателен',
  phoneShape: PHONE_SHAPE_MESSAGE,
  captcha: 'Пожалуйста, пройдите проверку капчи',
  loginFailed: 'Ошибка авторизации',
  loginNetwork: 'Произошла ошибка при входе. Попробуйте позже.',
  registerFailed: 'Ошибка при регистрации',
  registerNetwork: 'Ошибка сети. Попробуйте позже.',
} as const;

/** The same limits as the server's (command-api accounts schemas), so what passes here passes there. */
const required = (message: string, max: number) => z.string().trim().min(1, message).max(max, `Не длиннее ${max} символов`);

const phone = required(AUTH_MESSAGES.phone, 40).regex(PHONE_PATTERN, AUTH_MESSAGES.phoneShape);

/** Taken as typed: the server does not trim passwords either. */
const password = z.string().min(1, AUTH_MESSAGES.password).max(200, 'Не длиннее 200 символов');

/** Filled in by the captcha widget, emptied when it resets. */
const captchaToken = z.string().min(1, AUTH_MESSAGES.captcha);

export const loginFormSchema = z.object({ phone, password, captchaToken });
export type LoginFormValues = z.input<typeof loginFormSchema>;
export const EMPTY_LOGIN: LoginFormValues = { phone: '', password: '', captchaToken: '' };

export const registerFormSchema = z
  .object({
    name: required(AUTH_MESSAGES.name, 100),
    surname: required(AUTH_MESSAGES.surname, 100),
    email: required(AUTH_MESSAGES.email, 254).pipe(z.email(AUTH_MESSAGES.emailShape)),
    phone,
    password: password.min(6, AUTH_MESSAGES.passwordShort),
    confirmPassword: z.string(),
    captchaToken,
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDiffer });
export type RegisterFormValues = z.input<typeof registerFormSchema>;
export const EMPTY_REGISTER: RegisterFormValues = { name: '', surname: '', email: '', phone: '', password: '', confirmPassword: '', captchaToken: '' };

/** The form field a server refusal names (its `field`), or null to show it above the button. */
export function authFieldOf<T extends string>(serverField: string | undefined, fields: readonly T[]): T | null {
  return fields.find((field) => field === serverField) ?? null;
}
