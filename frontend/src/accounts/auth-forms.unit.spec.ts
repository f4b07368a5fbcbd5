import { describe, expect, it } from 'vitest';
import { authFieldOf, EMPTY_LOGIN, EMPTY_REGISTER, loginFormSchema, registerFormSchema, type RegisterFormValues } from './auth-forms';

/** Each failing field with its first message, as the form shows them. */
function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

const filled: RegisterFormValues = {
  name: 'Анна',
  surname: 'Иванова',
  email: 'anna@example.ru',
  phone: '+7 (999) 123-45-67',
  password: 'secret1',
  confirmPassword: 'secret1',
  captchaToken: 'sandbox-pass',
};

describe('the registration form', () => {
  it('names every missing field with the spec\'s message, and the captcha', () => {
    expect(messagesOf(registerFormSchema.safeParse(EMPTY_REGISTER))).toEqual({
      name: 'Имя обязательно',
      surname: 'Фамилия обязательна',
      email: 'Email обязателен',
      phone: 'Телефон обязателен',
      password: 'Пароль обязателен',
      captchaToken: 'Пожалуйста, пройдите проверку капчи',
    });
  });

  it('takes a filled form', () => {
    expect(registerFormSchema.safeParse(filled).success).toBe(true);
  });

  it.each([
    ['an email without a domain', { email: 'anna@' }, 'email', 'Некорректный email'],
    ['a password of 5 characters', { password: '12345', confirmPassword: '12345' }, 'password', 'Пароль должен быть не менее 6 символов'],
    ['a confirmation that differs', { confirmPassword: 'secret2' }, 'confirmPassword', 'Пароли не совпадают'],
    ['a half-typed phone', { phone: '+7 (999) 123-4' }, 'phone', 'Введите корректный номер телефона в формате +7 (999) 123-45-67'],
    ['a name of spaces', { name: '   ' }, 'name', 'Имя обязательно'],
  ])('refuses %s at its field', (_case, change, field, message) => {
    expect(messagesOf(registerFormSchema.safeParse({ ...filled, ...change }))).toEqual({ [field]: message });
  });
});

describe('the login form', () => {
  it('needs the phone, the password and the captcha', () => {
    expect(messagesOf(loginFormSchema.safeParse(EMPTY_LOGIN))).toEqual({
      phone: 'Телефон обязателен',
      password: 'Пароль обязателен',
      captchaToken: 'Пожалуйста, пройдите проверку капчи',
    });
  });

  it('takes any non-empty password: its length was the registration\'s business', () => {
    expect(loginFormSchema.safeParse({ phone: '+7 (999) 123-45-67', password: '1', captchaToken: 'sandbox-pass' }).success).toBe(true);
  });
});

describe('where a server refusal is shown', () => {
  it('at the field it names when the form has one, else above the button', () => {
    const fields = Object.keys(EMPTY_REGISTER) as (keyof RegisterFormValues)[];
    expect(authFieldOf('phone', fields)).toBe('phone');
    expect(authFieldOf('captchaToken', fields)).toBe('captchaToken');
    expect(authFieldOf('customerId', fields)).toBeNull();
    expect(authFieldOf(undefined, fields)).toBeNull();
  });
});
