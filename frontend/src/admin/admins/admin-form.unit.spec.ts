import { describe, expect, it } from 'vitest';
import { adminFormSchema, EMPTY_ADMIN_FORM, formOf, updateRequestOf } from './admin-form';

const filled = { name: 'Ирина', login: 'irina', password: 'секрет-42', rules: 'admin' as const };
const firstMessages = (editing: boolean, values: object) => {
  const result = adminFormSchema(editing).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the administrator form', () => {
  it('asks for every field on creation, in the spec’s words', () => {
    expect(firstMessages(false, EMPTY_ADMIN_FORM)).toEqual({ name: 'Все поля обязательны для заполнения', login: 'Все поля обязательны для заполнения', password: 'Все поля обязательны для заполнения' });
    expect(firstMessages(false, { ...filled, password: '12345' })).toEqual({ password: 'Пароль должен содержать минимум 6 символов' });
    expect(firstMessages(false, filled)).toEqual({});
  });

  it('keeps the password on an edit when the field is left blank, and checks a new one', () => {
    expect(firstMessages(true, { ...filled, password: '' })).toEqual({});
    expect(firstMessages(true, { ...filled, password: '12345' })).toEqual({ password: 'Пароль должен содержать минимум 6 символов' });
    expect(firstMessages(true, { ...filled, name: ' ', login: '' })).toEqual({ name: 'Все поля обязательны для заполнения', login: 'Все поля обязательны для заполнения' });
  });

  it('sends an edit’s password only when a new one was typed', () => {
    expect(updateRequestOf({ ...filled, password: '' })).toEqual({ name: 'Ирина', login: 'irina', rules: 'admin' });
    expect(updateRequestOf({ ...filled, password: '   ' })).toEqual({ name: 'Ирина', login: 'irina', rules: 'admin' });
    expect(updateRequestOf(filled)).toEqual(filled);
  });

  it('starts an edit from the listed member with the password blank', () => {
    expect(formOf({ id: 's1', name: 'Ирина', login: 'irina', rules: 'super', created_at: '2026-11-20T03:00:00.000Z' })).toEqual({ name: 'Ирина', login: 'irina', password: '', rules: 'super' });
  });
});
